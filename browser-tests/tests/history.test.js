// Games as histories (issue 25): Play and Watch offer the announcement rule, the computer is told
// only what the rule says (a history, not board strings), and Watch's copied game is a request
// POST /recommend takes as it is.

import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { marksOf, openPage, serviceAndBrowser } from "../harness.js";

const shared = serviceAndBrowser();

const LABEL = (r, c) => `${String.fromCharCode(65 + r)}${c + 1}`;

/** A POST /placement answer: the classic fleet on rows 0, 2, 4, 6, 8 from column 2. */
function placed() {
  const ships = [5, 4, 3, 3, 2].map((length, i) => ({
    length,
    horizontal: true,
    cells: Array.from({ length }, (_, j) => ({ row: 2 * i, col: 2 + j, label: LABEL(2 * i, 2 + j) })),
  }));
  const board = Array.from({ length: 10 }, (_, r) =>
    r % 2 === 0 ? ".".repeat(2) + "ABCDE"[r / 2].repeat(ships[r / 2].length) + ".".repeat(8 - ships[r / 2].length) : "..........",
  );
  return { board, ships };
}

async function post(path, body) {
  const res = await fetch(`${shared.service.url}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  return { status: res.status, body: await res.json() };
}

/** Starts a Play game under `announce` against the routed fleet, recording the computer's requests. */
async function playUnder(announce) {
  const opened = await openPage(shared.browser, shared.service.url, { hash: "#play" });
  const { page } = opened;
  const asked = [];
  page.on("response", async (res) => {
    if (res.url().endsWith("/recommend")) asked.push({ request: res.request().postDataJSON(), status: res.status() });
  });
  await page.route("**/placement", (route) => route.fulfill({ json: placed() }));
  await page.selectOption("#play-announce", announce);
  await page.click("#play-new");
  await page.waitForSelector("#play-start:not([disabled])");
  await page.click("#play-start");
  await page.waitForSelector("#play-enemy .board:not(.waiting)");
  // Every line the status says, since the computer's answer follows mine at once.
  await page.evaluate(() => {
    const status = document.querySelector("#play-status");
    window.said = [];
    new MutationObserver(() => window.said.push(status.textContent)).observe(status, { childList: true, characterData: true, subtree: true });
  });
  return { ...opened, asked };
}

const said = (page) => page.evaluate(() => window.said.join("\n"));

/** Fires at a cell of the computer's waters and waits for the computer's answer. */
async function fireAt(page, label) {
  await page.click(`#play-enemy .cell[data-label='${label}']`);
  await page.waitForFunction(() => /Your turn|wins/.test(document.querySelector("#play-status").textContent));
}

describe("Play under an announcement rule", () => {
  test("sunk: a sinking names the ship, its cells stay hits, and the computer is sent a history", async () => {
    const { page, context, errors, asked } = await playUnder("sunk");
    await fireAt(page, "I3");
    await fireAt(page, "I4");
    assert.match(await said(page), /You fired I4: sunk, the destroyer\./);
    const enemy = await marksOf(page, "#play-enemy");
    assert.equal(enemy[8].slice(2, 4), "xx", "the destroyer's cells are not shown as a sunk ship");
    assert.equal(await page.$$eval("#play-enemy .cell[data-ship]", (cells) => cells.length), 0, "no ship drawn");
    assert.ok(asked.length >= 2);
    for (const { request, status: code } of asked) {
      assert.equal(code, 200);
      assert.equal(request.board, undefined, "no board strings");
      assert.equal(request.rules.announce, "sunk");
      assert.ok(Array.isArray(request.history.shots));
      assert.deepEqual(request.history.fleet.map((s) => s.length), [5, 4, 3, 3, 2]);
    }
    // The computer's log of its own shots: one shot a turn, as many as it fired.
    const last = asked.at(-1).request.history;
    assert.equal(last.shots.length, asked.length - 1);
    assert.ok(last.shots.every((s) => ["miss", "hit", "sunk"].includes(s.result) && s.cells === undefined));
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("none: a sinking is only a hit until the end", async () => {
    const { page, context, errors, asked } = await playUnder("none");
    await fireAt(page, "I3");
    await fireAt(page, "I4");
    assert.match(await said(page), /You fired I4: hit\. /);
    assert.equal((await marksOf(page, "#play-enemy"))[8].slice(2, 4), "xx");
    assert.ok(asked.every((a) => a.status === 200 && a.request.rules.announce === "none"));
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("hit: every hit names the ship", async () => {
    const { page, context, errors } = await playUnder("hit");
    await fireAt(page, "A3");
    assert.match(await said(page), /You fired A3: hit, the carrier\./);
    assert.deepEqual(errors, []);
    await context.close();
  });
});

/**
 * Waits for Watch's status to tell turn `n` and returns it, failing at once with the status when it
 * tells a problem instead.
 */
async function turnOrProblem(page, n) {
  const told = await page.waitForFunction((n) => {
    const text = document.querySelector("#watch-status").textContent;
    return (text.startsWith(`Turn ${n}:`) || text.startsWith("Problem")) && text;
  }, n);
  const text = await told.jsonValue();
  assert.ok(text.startsWith(`Turn ${n}:`), `turn ${n}: ${text}`);
  return text;
}

describe("Watch under an announcement rule", () => {
  for (const [announce, salvo] of [["sunk", 1], ["hit", 2], ["none", 1], ["sunk-cells", 3]]) {
    test(`${announce}, ${salvo} a turn: the copied game is a request POST /recommend takes as it is`, async () => {
      const { page, context, errors } = await openPage(shared.browser, shared.service.url, { hash: "#watch" });
      await page.selectOption("#watch-announce", announce);
      await page.fill("#watch-salvo", String(salvo));
      await page.fill("#watch-seed", "7");
      await page.dispatchEvent("#watch-seed", "change");
      await page.waitForSelector("#watch-status >> text=seed 7");
      // About 25 shots: far from the end of the game, whatever the salvo.
      const n = Math.floor(25 / salvo);
      for (let i = 0; i < n; i++) {
        await page.click("#watch-step");
        await turnOrProblem(page, i + 1);
      }
      const body = JSON.parse(await page.inputValue("#watch-shots"));
      assert.equal(body.rules.announce, announce);
      assert.equal(body.board, undefined);
      const turns = salvo === 1 ? body.history.shots : body.history.salvoes;
      assert.equal(turns.length, n);
      const { status, body: answer } = await post("/recommend", body);
      assert.equal(status, 200, JSON.stringify(answer));
      // The page's next move is the service's answer to the copied game.
      await page.click("#watch-step");
      const next = await turnOrProblem(page, n + 1);
      const fired = answer.shots.map((s) => s.label);
      assert.ok(next.startsWith(`Turn ${n + 1}: ${fired[0]} `), `${next} after ${fired}`);
      for (const label of fired) assert.ok(next.includes(`${label} `), `${next} fires ${label}`);
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
});
