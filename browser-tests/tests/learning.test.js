// The computer learns its opponent (issue 24): Play keeps the player's fleets in the browser's own
// storage, fits them with POST /opponent and sends the model with the computer's shots, shows what
// it expects and forgets on request; Watch plays one hidden fleet with and without a model.

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

const KEY = "sonar.fleets.10x10.5,4,3,3,2";
const LABEL = (r, c) => `${String.fromCharCode(65 + r)}${c + 1}`;

/** A classic fleet in the board format, its ships on rows 0, 2, 4, 6, 8 from column `shift`. */
function classic(shift) {
  const rows = Array.from({ length: 10 }, () => "..........");
  [5, 4, 3, 3, 2].forEach((length, i) => {
    const letter = "ABCDE"[i];
    rows[2 * i] = ".".repeat(shift) + letter.repeat(length) + ".".repeat(10 - shift - length);
  });
  return rows;
}

/** The POST /placement answer of classic(shift) (the ships' letters in order). */
function placed(shift) {
  return {
    board: classic(shift),
    ships: [5, 4, 3, 3, 2].map((length, i) => ({
      length,
      horizontal: true,
      cells: Array.from({ length }, (_, j) => ({ row: 2 * i, col: shift + j, label: LABEL(2 * i, shift + j) })),
    })),
  };
}

const stored = (page, key = KEY) => page.evaluate((k) => JSON.parse(localStorage.getItem(k) || "[]"), key);
const learned = (page) => page.textContent("#play-learned");

/** Waits until the line under Play's buttons matches `pattern`. */
function learnedLine(page, pattern) {
  return page.waitForFunction((p) => new RegExp(p).test(document.querySelector("#play-learned").textContent), pattern.source);
}

/** Stores `fleets` as the page's history of classic games, then starts a fresh set-up. */
async function withHistory(page, fleets) {
  await page.evaluate(([k, f]) => localStorage.setItem(k, JSON.stringify(f)), [KEY, fleets]);
  await page.click("#play-new");
  await learnedLine(page, new RegExp(`learned from ${fleets.length} of your games`));
}

/** Fires at the computer's first unshot cell and waits for the computer's answer. */
async function fireOnce(page) {
  await page.click("#play-enemy .cell[data-state='.']");
  await page.waitForFunction(() => /Your turn|wins/.test(document.querySelector("#play-status").textContent));
}

describe("Play remembers the player's fleets", () => {
  test("Start stores the fleet once, per board size and fleet; the next game has learned from it", async () => {
    const { page, context, errors } = await openPage(browser, service.url, { hash: "#play" });
    await page.route("**/placement", (route) => route.fulfill({ json: placed(2) }));
    await page.click("#play-new");
    // The routed fleet is on the board: a ship cell at each of its cells, and nowhere else.
    const cells = placed(2).ships.flatMap((s) => s.cells.map((c) => c.label)).sort();
    await page.waitForFunction(
      (want) => [...document.querySelectorAll("#play-mine .cell[data-ship]")].map((c) => c.dataset.label).sort().join() === want,
      cells.join(),
    );
    assert.deepEqual(await stored(page), []);
    assert.match(await learned(page), /has not learned your habits yet/);
    assert.equal(await page.isDisabled("#play-expect"), true);

    await page.click("#play-start");
    await page.waitForSelector("#play-enemy .board:not(.waiting)");
    assert.deepEqual(await stored(page), [classic(2)], "the fleet the computer is about to search, as board strings");
    await fireOnce(page);
    assert.deepEqual(await stored(page), [classic(2)], "stored once a game, not a shot");
    assert.match(await learned(page), /has not learned/, "the game in play learns only from the games before it");

    await page.click("#play-new");
    await learnedLine(page, /learned from/);
    assert.match(await learned(page), /The computer has learned from 1 of your games \(10×10, fleet 5,4,3,3,2\)/);

    // Another board size keeps its own history.
    await page.fill("#play-rows", "9");
    await page.press("#play-rows", "Tab"); // the change, once
    await page.waitForFunction(() => /has not learned/.test(document.querySelector("#play-learned").textContent));
    await page.click("#play-start");
    await page.waitForSelector("#play-enemy .board:not(.waiting)");
    assert.equal((await stored(page, "sonar.fleets.9x10.5,4,3,3,2")).length, 1);
    assert.equal((await stored(page)).length, 1, "the 10x10 history is not mixed with the 9x10 one");
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("at most 200 fleets are kept: the oldest goes", async () => {
    const { page, context, errors } = await openPage(browser, service.url, { hash: "#play" });
    const history = Array.from({ length: 200 }, (_, i) => classic(i % 6));
    history[0] = classic(5).map((r) => r.replace("EE", "ee")); // marked so its going shows
    await withHistory(page, history);
    assert.match(await learned(page), /learned from 200 of your games/);
    await page.click("#play-start");
    await page.waitForSelector("#play-enemy .board:not(.waiting)");
    const after = await stored(page);
    assert.equal(after.length, 200);
    assert.deepEqual(after.slice(0, 199), history.slice(1));
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("the computer's shots carry the model POST /opponent fitted once from the games before", async () => {
    const { page, context, errors } = await openPage(browser, service.url, { hash: "#play" });
    const history = [classic(0), classic(1), classic(0)];
    await withHistory(page, history);
    const fits = [];
    const shots = [];
    page.on("response", async (res) => {
      if (res.url().endsWith("/opponent")) fits.push({ request: res.request().postDataJSON(), body: await res.json() });
    });
    page.on("request", (r) => r.url().endsWith("/recommend") && shots.push(r.postDataJSON()));
    await page.selectOption("#play-level", "10");
    await page.click("#play-start");
    await page.waitForSelector("#play-enemy .board:not(.waiting)");
    await fireOnce(page);
    await fireOnce(page);
    assert.equal(fits.length, 1, "one fit a game");
    assert.deepEqual(fits[0].request.fleets, history, "the games before this one, not this one's fleet");
    assert.deepEqual(fits[0].request.ships, [5, 4, 3, 3, 2]);
    assert.equal(shots.length, 2);
    for (const shot of shots) {
      assert.equal(shot.algorithm, "bayes");
      assert.deepEqual(shot.opponent, { model: fits[0].body.model });
    }
    assert.match(await learned(page), /learned from 3 of your games/);

    // An algorithm that ignores the model is sent none, and the page says so.
    const algorithms = await (await fetch(`${service.url}/algorithms`)).json();
    const ignorer = algorithms.find((a) => a.opponent === null).name;
    await page.selectOption("#play-algorithm", ignorer);
    await fireOnce(page);
    assert.equal(shots.length, 3);
    assert.equal(shots[2].algorithm, ignorer);
    assert.equal(shots[2].opponent, undefined);
    assert.match(await learned(page), new RegExp(`${ignorer} ignores what it learned`));
    assert.equal(fits.length, 1);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("a player who lays every ship across is told the computer expects it", async () => {
    const { page, context, errors } = await openPage(browser, service.url, { hash: "#play" });
    // Ten fleets, every ship across: the fitted model's `across` is far above 1.
    await withHistory(page, Array.from({ length: 10 }, (_, i) => classic(i % 6)));
    assert.doesNotMatch(await learned(page), /expects/, "nothing said before the fit");
    let fitted;
    page.on("response", async (res) => {
      if (res.url().endsWith("/opponent")) fitted = await res.json();
    });
    await page.selectOption("#play-level", "10");
    await page.click("#play-start");
    await page.waitForSelector("#play-enemy .board:not(.waiting)");
    await fireOnce(page);
    await learnedLine(page, /It expects your ships laid across, (almost never down|\d+\.\d times as often as down)\./);
    assert.ok(fitted.model.across >= 1.5, JSON.stringify(fitted.model.across));
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("under the no-touch rules the fleets whose ships touch are left out of the fit, and entries that are no board", async () => {
    const { page, context, errors } = await openPage(browser, service.url, { hash: "#play" });
    const touching = classic(0).map((r, i) => (i === 1 ? "BBBB......" : i === 2 ? ".........." : r));
    // Entries that are no board of this size (edited by hand, say) are not counted either.
    await page.evaluate(([k, f]) => localStorage.setItem(k, JSON.stringify(f)), [KEY, [touching, "garbage", classic(1), [1, 2], classic(4)]]);
    await page.click("#play-new");
    await learnedLine(page, /learned from 3 of your games/);
    await page.uncheck("#play-touching");
    await learnedLine(page, /learned from 2 of your games/);
    const fitted = page.waitForRequest((r) => r.url().endsWith("/opponent"));
    await page.click("#play-start");
    await page.waitForSelector("#play-enemy .board:not(.waiting)");
    await fireOnce(page);
    const request = (await fitted).postDataJSON();
    assert.deepEqual(request.fleets, [classic(1), classic(4)]);
    assert.deepEqual(request.rules, { touching: false });
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("What it expects draws the model over your waters; Forget my fleets clears the storage", async () => {
    const { page, context, errors } = await openPage(browser, service.url, { hash: "#play" });
    const history = [classic(0), classic(3), classic(5)];
    await withHistory(page, history);
    const fitted = page.waitForResponse((r) => r.url().endsWith("/opponent"));
    await page.check("#play-expect");
    const model = (await (await fitted).json()).model;
    await page.waitForSelector("#play-mine .cell.heat");
    const values = await page.$$eval("#play-mine .cell", (cells) => cells.map((c) => [+c.dataset.row, +c.dataset.col, c.classList.contains("heat"), Number(c.dataset.value)]));
    assert.equal(values.length, 100);
    for (const [r, c, heat, value] of values) {
      assert.ok(heat, `${LABEL(r, c)} is drawn on the heat map`);
      assert.equal(value, model.cells[r][c]);
    }
    assert.equal(await page.isVisible("#play-mine-legend"), true);
    assert.match(await page.textContent("#play-mine-legend"), /expects a ship on the cell/);
    // The computer's own heat map and what it expects are one overlay at a time.
    await page.check("#play-heat");
    assert.equal(await page.isChecked("#play-expect"), false);
    await page.check("#play-expect");
    assert.equal(await page.isChecked("#play-heat"), false);

    await page.click("#play-forget");
    assert.equal(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("sonar.fleets.")).length), 0);
    assert.match(await learned(page), /has not learned your habits yet/);
    assert.equal(await page.isDisabled("#play-expect"), true);
    assert.equal(await page.$$eval("#play-mine .cell.heat", (c) => c.length), 0);
    assert.equal(await page.isHidden("#play-mine-legend"), true);
    assert.deepEqual(errors, []);
    await context.close();
  });
});

describe("Watch learns", () => {
  test("the same hidden fleet played without and with a model of past fleets of its style, both to the end", async () => {
    const { page, context, errors } = await openPage(browser, service.url, { hash: "#watch" });
    const placements = [];
    const fits = [];
    const shots = [];
    page.on("request", (r) => {
      if (r.url().endsWith("/placement")) placements.push(r.postDataJSON());
      if (r.url().endsWith("/opponent")) fits.push(r.postDataJSON());
      if (r.url().endsWith("/recommend")) shots.push(r.postDataJSON());
    });
    await page.selectOption("#watch-algorithm", "weighted-density");
    await page.selectOption("#watch-style", "hard");
    await page.fill("#watch-seed", "41");
    await page.dispatchEvent("#watch-seed", "change");
    await page.waitForFunction(() => /seed 41/.test(document.querySelector("#watch-status").textContent));
    await page.$eval("#watch-speed", (el) => (el.value = "100"));
    await page.fill("#watch-past", "5");
    const from = placements.length;
    await page.click("#watch-learn");
    await page.waitForFunction(() => /Without a model: \d+ shots\. With a model of 5 past fleets: \d+ shots\./.test(document.querySelector("#watch-learn-status").textContent), null, { timeout: 120_000 });

    const past = placements.slice(from);
    assert.deepEqual(past.map((p) => p.seed).sort((a, b) => a - b), [42, 43, 44, 45, 46], "other seeds than the hidden fleet's");
    assert.ok(past.every((p) => p.style === "hard"), "past fleets of the hidden fleet's style");
    assert.equal(fits.length, 1);
    assert.equal(fits[0].fleets.length, 5);
    const withModel = shots.filter((s) => s.opponent);
    const without = shots.filter((s) => !s.opponent);
    assert.ok(withModel.length >= 17 && without.length >= 17, "each computer shot at least once per ship cell");

    const status = await page.textContent("#watch-learn-status");
    const [, plain, learnedShots] = status.match(/Without a model: (\d+) shots\. With a model of 5 past fleets: (\d+) shots/).map(Number);
    assert.equal(plain, without.length);
    assert.equal(learnedShots, withModel.length);
    for (const [board, n] of [["#watch-plain", plain], ["#watch-learned", learnedShots]]) {
      const marks = await page.$$eval(`${board} .cell`, (cells) => cells.map((c) => c.dataset.state));
      assert.equal(marks.filter((m) => m === "#").length, 17, `${board}: the whole fleet sunk`);
      assert.equal(marks.filter((m) => m !== ".").length, n, `${board}: one mark a shot`);
      assert.match(await page.textContent(`${board}-count`), new RegExp(`: ${n} shots, all sunk`));
    }
    assert.deepEqual(errors, []);
    await context.close();
  });
});
