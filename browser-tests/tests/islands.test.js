// Island maps on the page: drawn in every view, the same map on both seas of a game, kept off by
// every fleet, never shot, and sent to the service as '^' on a board or `blocked` in a history;
// and a revealed ship cell ('s') marked in Analyse.

import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { launchBrowser, marksOf, openPage, startService } from "../harness.js";

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

const LABEL = (r, c) => `${String.fromCharCode(65 + r)}${c + 1}`;

/** The labels of a board's '^' cells, from its marks. */
const islandsOf = (marks) => marks.flatMap((line, r) => [...line].flatMap((m, c) => (m === "^" ? [LABEL(r, c)] : [])));

describe("Islands", () => {
  test("Play: a whole game on an island map, both seas alike, no ship and no shot on an island", async () => {
    const { page, context, errors } = await openPage(browser, service.url, { hash: "#play" });
    const placements = [];
    const answers = [];
    page.on("request", (r) => r.url().endsWith("/placement") && placements.push(r.postDataJSON()));
    page.on("response", async (res) => {
      if (res.url().endsWith("/recommend")) answers.push({ request: res.request().postDataJSON(), body: await res.json() });
    });
    await page.selectOption("#play-level", "10");
    await page.fill("#play-islands", "8");
    await page.dispatchEvent("#play-islands", "change");
    await page.waitForFunction(() => document.querySelectorAll("#play-mine .cell[data-state='^']").length === 8);
    const map = islandsOf(await marksOf(page, "#play-mine"));
    assert.equal(map.length, 8);
    assert.deepEqual(islandsOf(await marksOf(page, "#play-enemy")), map, "the computer's waters show the same map");
    // My fleet, placed by the service around the islands, covers none of them.
    const onIsland = await page.$$eval("#play-mine .cell.ship[data-state='^']", (cells) => cells.length);
    assert.equal(onIsland, 0);
    assert.deepEqual(placements.at(-1).blocked, map);
    await page.click("#play-start");
    await page.waitForSelector("#play-enemy .board:not(.waiting)");
    assert.deepEqual(placements.at(-1).blocked, map, "the computer's fleet is placed around the same islands");
    // An island cannot be fired at.
    await page.click(`#play-enemy .cell[data-label='${map[0]}']`);
    assert.match(await page.textContent("#play-status"), new RegExp(`${map[0]} is an island`));
    assert.equal(answers.length, 0);
    const over = () => page.$eval("#play-status", (el) => /You win|computer wins/.test(el.textContent));
    let clicks = 0;
    while (!(await over())) {
      await (await page.$("#play-enemy .cell[data-state='.']")).click();
      clicks += 1;
      await page.waitForFunction(
        () => /You win|computer wins/.test(document.querySelector("#play-status").textContent)
          || !document.querySelector("#play-enemy .board").classList.contains("waiting"),
      );
      assert.ok(clicks <= 92, "the game ends within the 92 cells that are not islands");
    }
    const mine = await marksOf(page, "#play-mine");
    assert.deepEqual(islandsOf(mine), map, "the islands are never shot");
    assert.deepEqual(islandsOf(await marksOf(page, "#play-enemy")), map);
    assert.ok(answers.length >= 17);
    for (const { request, body } of answers) {
      assert.deepEqual(islandsOf(request.board), map, "the computer is told the islands");
      assert.ok(!map.includes(body.shot.label), `the computer shot the island ${body.shot.label}`);
      for (const label of map) {
        const r = label.charCodeAt(0) - 65;
        const c = Number(label.slice(1)) - 1;
        assert.equal(body.grid[r][c], 0, "no probability on an island");
      }
    }
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("Play under `sunk`: the computer is sent a history whose `blocked` is the map", async () => {
    const { page, context, errors } = await openPage(browser, service.url, { hash: "#play" });
    const requests = [];
    page.on("request", (r) => r.url().endsWith("/recommend") && requests.push(r.postDataJSON()));
    await page.selectOption("#play-announce", "sunk");
    await page.fill("#play-islands", "5");
    await page.dispatchEvent("#play-islands", "change");
    await page.waitForFunction(() => document.querySelectorAll("#play-mine .cell[data-state='^']").length === 5);
    const map = islandsOf(await marksOf(page, "#play-mine"));
    await page.click("#play-start");
    await page.waitForSelector("#play-enemy .board:not(.waiting)");
    for (let turn = 0; turn < 3; turn++) {
      await (await page.$("#play-enemy .cell[data-state='.']")).click();
      await page.waitForFunction((n) => /Your turn|wins/.test(document.querySelector("#play-status").textContent)
        && !document.querySelector("#play-enemy .board").classList.contains("waiting"), turn);
    }
    assert.ok(requests.length >= 3);
    for (const request of requests) assert.deepEqual(request.history.blocked, map);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("Analyse: a cell cycles on to an island, drawn as one, with no value in any grid", async () => {
    const { page, context, errors } = await openPage(browser, service.url, { hash: "#analyse" });
    await page.waitForSelector("#an-result-a .cell");
    for (let i = 0; i < 5; i++) await page.click("#an-board .cell[data-label='D4']");
    await page.waitForFunction(() => document.querySelector("#an-board .cell[data-label='D4']").dataset.state === "^");
    const answered = page.waitForResponse("**/recommend");
    await page.click("#an-run");
    const answer = await (await answered).json();
    const sent = (await answered).request().postDataJSON();
    assert.equal(sent.board[3][3], "^");
    assert.equal(answer.grid[3][3], 0);
    await page.waitForFunction(() => !document.querySelector(".results").hasAttribute("aria-busy"));
    const cell = await page.$eval("#an-result-a .cell[data-label='D4']", (c) => ({
      state: c.dataset.state, text: c.textContent, aria: c.getAttribute("aria-label"), bg: getComputedStyle(c).backgroundColor,
    }));
    assert.equal(cell.state, "^");
    assert.equal(cell.text, "▲");
    assert.match(cell.aria, /D4, island/);
    assert.equal(cell.bg, "rgb(234, 217, 164)", "an island is drawn in sand, not as a heat cell");
    // One more click: back to not shot.
    await page.click("#an-board .cell[data-label='D4']");
    assert.equal(await page.$eval("#an-board .cell[data-label='D4']", (c) => c.dataset.state), ".");
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("Analyse: a cell cycles on to a ship seen, which bayes shoots first with probability 1", async () => {
    const { page, context, errors } = await openPage(browser, service.url, { hash: "#analyse" });
    await page.waitForSelector("#an-result-a .cell");
    for (let i = 0; i < 4; i++) await page.click("#an-board .cell[data-label='H2']");
    await page.waitForFunction(() => document.querySelector("#an-board .cell[data-label='H2']").dataset.state === "s");
    // The first algorithm's answer (the page asks for both the algorithm and the one compared).
    const answered = page.waitForResponse((res) => res.url().endsWith("/recommend")
      && res.request().postDataJSON().algorithm === "bayes" && res.request().postDataJSON().board[7][1] === "s");
    await page.click("#an-run");
    const response = await answered;
    const answer = await response.json();
    assert.equal(response.request().postDataJSON().board[7][1], "s");
    assert.equal(answer.grid[7][1], 1);
    await page.waitForFunction(() => !document.querySelector(".results").hasAttribute("aria-busy"));
    assert.match(await page.textContent("#an-result-a figcaption"), /bayes: shoot H2/);
    const cell = await page.$eval("#an-result-a .cell[data-label='H2']", (c) => ({ text: c.textContent, aria: c.getAttribute("aria-label") }));
    assert.equal(cell.text, "◆");
    assert.match(cell.aria, /H2, ship seen, not hit/);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("Watch: the seed draws the same island map again; the copied game carries it as `blocked`", async () => {
    const { page, context, errors } = await openPage(browser, service.url, { hash: "#watch" });
    const placements = [];
    page.on("request", (r) => r.url().endsWith("/placement") && placements.push(r.postDataJSON()));
    await page.fill("#watch-islands", "6");
    await page.fill("#watch-seed", "41");
    await page.dispatchEvent("#watch-seed", "change");
    await page.waitForSelector("#watch-status >> text=around 6 islands (seed 41)");
    const map = islandsOf(await marksOf(page, "#watch-board"));
    assert.equal(map.length, 6);
    assert.deepEqual(placements.at(-1).blocked, map);
    const hull = await page.$$eval("#watch-board .cell.ship[data-state='^']", (cells) => cells.length);
    assert.equal(hull, 0);
    for (let turn = 1; turn <= 3; turn++) {
      await page.click("#watch-step");
      await page.waitForSelector(`#watch-status >> text=Turn ${turn}:`);
    }
    const copied = JSON.parse(await page.inputValue("#watch-shots"));
    assert.deepEqual(copied.history.blocked, map);
    assert.ok(copied.history.shots.every((s) => !map.includes(s.cell)));
    // The copied game is a request the service answers as it is.
    const res = await fetch(`${service.url}/recommend`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(copied) });
    assert.equal(res.status, 200);
    // Another seed, another map; the first seed, the first map again.
    await page.fill("#watch-seed", "42");
    await page.dispatchEvent("#watch-seed", "change");
    await page.waitForSelector("#watch-status >> text=(seed 42)");
    assert.notDeepEqual(islandsOf(await marksOf(page, "#watch-board")), map);
    await page.fill("#watch-seed", "41");
    await page.dispatchEvent("#watch-seed", "change");
    await page.waitForSelector("#watch-status >> text=(seed 41)");
    assert.deepEqual(islandsOf(await marksOf(page, "#watch-board")), map);
    assert.deepEqual(errors, []);
    await context.close();
  });
});
