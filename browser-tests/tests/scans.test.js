// Scans in Analyse: typed one a line, sent as the request's `observations`, conditioned on by
// bayes, and a scan the page or the service cannot read shown next to the field.

import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { launchBrowser, openPage, startService } from "../harness.js";

let service;
let browser;

before(async () => {
  service = await startService();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await service?.stop();
});

const BLOCK = (top, left) => [0, 1, 2].flatMap((r) => [0, 1, 2].map((c) => [top + r, left + c]));

describe("Scans", () => {
  test("Analyse: a count scan and a scan that found none reach bayes, whose grid agrees with both", async () => {
    const { page, context, errors } = await openPage(browser, service.url, { hash: "#analyse" });
    await page.waitForSelector("#an-result-a .cell");
    await page.fill("#an-scans", "2 D4:F6\nno A1:C3");
    const answered = page.waitForResponse((res) => res.url().endsWith("/recommend")
      && res.request().postDataJSON().algorithm === "bayes" && res.request().postDataJSON().observations);
    await page.dispatchEvent("#an-scans", "change");
    const response = await answered;
    const sent = response.request().postDataJSON();
    assert.deepEqual(sent.observations, [
      { count: 2, cells: ["D4", "D5", "D6", "E4", "E5", "E6", "F4", "F5", "F6"] },
      { any: false, cells: ["A1", "A2", "A3", "B1", "B2", "B3", "C1", "C2", "C3"] },
    ]);
    const answer = await response.json();
    for (const [r, c] of BLOCK(0, 0)) assert.equal(answer.grid[r][c], 0);
    const found = BLOCK(3, 3).reduce((sum, [r, c]) => sum + answer.grid[r][c], 0);
    assert.ok(Math.abs(found - 2) < 1e-6, `the block holds ${found} ship cells in the grid`);
    await page.waitForFunction(() => !document.querySelector(".results").hasAttribute("aria-busy"));
    assert.match(await page.textContent("#an-result-a figcaption"), /^bayes: shoot /);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("Analyse: a scan that cannot be read is shown next to the field, by the page or the service", async () => {
    const { page, context, errors } = await openPage(browser, service.url, { hash: "#analyse" });
    await page.waitForSelector("#an-result-a .cell");
    // The service refuses a cell off the board, naming the observation's cell.
    const refused = page.waitForResponse((res) => res.url().endsWith("/recommend") && res.status() === 422);
    await page.fill("#an-scans", "1 A1 K1");
    await page.dispatchEvent("#an-scans", "change");
    const problem = await (await refused).json();
    assert.equal(problem.field, "observations[0].cells[1]");
    await page.waitForSelector("#an-err-observations:not([hidden])");
    assert.match(await page.textContent("#an-err-observations"), /K1 is off the 10x10 board/);
    assert.equal(await page.getAttribute("#an-scans", "aria-invalid"), "true");
    // The page refuses what it cannot read at all, before any request.
    let asked = 0;
    page.on("request", (r) => r.url().endsWith("/recommend") && asked++);
    await page.fill("#an-scans", "maybe A1");
    await page.click("#an-run");
    await page.waitForFunction(() => /line 1: "maybe" is not what a scan finds/.test(document.querySelector("#an-err-observations").textContent));
    assert.equal(asked, 0);
    // Cleared, the board is analysed again.
    const again = page.waitForResponse((res) => res.url().endsWith("/recommend") && res.status() === 200);
    await page.fill("#an-scans", "");
    await page.click("#an-run");
    await again;
    await page.waitForFunction(() => document.querySelector("#an-err-observations").hidden);
    assert.deepEqual(errors, []);
    await context.close();
  });
});
