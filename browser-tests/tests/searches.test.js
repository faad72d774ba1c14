// The computer learns how a player searches (issue 34): Play keeps each game's shots at the
// computer's waters in the browser's own storage, and in "hard to find" mode POST /placement reads
// them (style adaptive); the line under the computer's waters says what it has seen, and the
// player can make it forget.

import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { openPage, serviceAndBrowser } from "../harness.js";

const shared = serviceAndBrowser();

const KEY = "sonar.searches.5x5";
const stored = (page) => page.evaluate((k) => JSON.parse(localStorage.getItem(k) || "[]"), KEY);
const seen = (page) => page.textContent("#play-seen");

/** Fires at the computer's first unshot cell, row by row, until the game is over. */
async function sweepToTheEnd(page) {
  for (let i = 0; i < 25; i++) {
    if (await page.isVisible("#play-end")) return;
    await page.click("#play-enemy .cell[data-state='.']");
    await page.waitForFunction(() => /Your turn|wins|You win/.test(document.querySelector("#play-status").textContent));
  }
  await page.waitForSelector("#play-end", { state: "visible" });
}

describe("Play's hard-to-find fleet hides from how the player searched", () => {
  test("two games in a row: the second placement reads the first game's search, and Forget clears it", async () => {
    const { page, context, errors } = await openPage(shared.browser, shared.service.url, { hash: "#play" });
    const placements = [];
    page.on("request", (req) => {
      if (req.url().endsWith("/placement")) placements.push(JSON.parse(req.postData()));
    });
    const answers = [];
    page.on("response", async (res) => {
      if (res.url().endsWith("/placement")) answers.push(await res.json());
    });
    await page.fill("#play-rows", "5");
    await page.press("#play-rows", "Tab");
    await page.fill("#play-cols", "5");
    await page.press("#play-cols", "Tab");
    await page.fill("#play-ships", "3,2");
    await page.press("#play-ships", "Tab");
    await page.selectOption("#play-style", "adaptive");
    await page.click("#play-new");
    await page.waitForFunction(() => /not seen you search yet/.test(document.querySelector("#play-seen").textContent));

    // Game 1: nothing seen yet.
    await page.click("#play-start");
    await page.waitForSelector("#play-enemy .board:not(.waiting)");
    const first = placements.filter((p) => p.style === "adaptive");
    assert.equal(first.length, 1);
    assert.deepEqual(first[0].searches, []);
    assert.match(await seen(page), /not seen you search yet/);
    await sweepToTheEnd(page);
    // The search is kept: my shots at the computer's waters in order, each with its answer.
    const kept = await stored(page);
    assert.equal(kept.length, 1);
    const fired = await page.$$eval("#play-enemy .cell", (cs) => cs.filter((c) => c.dataset.state !== ".").length);
    assert.equal(kept[0].length, fired);
    assert.ok(kept[0][0].startsWith("A1"), "the sweep starts at A1");
    for (const token of kept[0]) assert.match(token, /^[A-E][1-5](o|x|#[23])$/);
    if (/You win/.test(await page.textContent("#play-status"))) {
      assert.deepEqual(kept[0].filter((t) => t.includes("#")).map((t) => t.slice(-2)).sort(), ["#2", "#3"]);
    }

    // Game 2: the placement of the computer's fleet sends the first game's search.
    await page.click("#play-again");
    await page.waitForFunction(() => /seen how you searched in 1 game/.test(document.querySelector("#play-seen").textContent));
    await page.click("#play-start");
    await page.waitForSelector("#play-enemy .board:not(.waiting)");
    const second = placements.filter((p) => p.style === "adaptive");
    assert.equal(second.length, 2);
    assert.deepEqual(second[1].searches, kept);
    const answer = answers.filter((a) => a.style === "adaptive").at(-1);
    assert.equal(answer.search_model.searches, 1);
    assert.match(await seen(page), /It has seen how you searched in 1 game/);

    // Forgetting clears the storage; the next game's placement sends nothing.
    await page.click("#play-forget-searches");
    assert.deepEqual(await stored(page), []);
    assert.equal(await page.isDisabled("#play-forget-searches"), true);
    await sweepToTheEnd(page);
    assert.equal((await stored(page)).length, 1, "the game in play is still kept when it ends");
    assert.deepEqual(errors, []);
    await context.close();
  });
});
