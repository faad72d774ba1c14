// The page in a real browser (Debian's headless Chromium): a whole game played by clicking, a
// board edited and its heat map checked against POST /recommend, a watched game checked against
// the same game replayed through the API, keyboard play, a phone's width, and no request outside
// the service.

import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { launchBrowser, marksOf, openPage, showView, startService } from "../harness.js";

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

async function api(path, body) {
  const res = await fetch(`${service.url}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

describe("Play", () => {
  test("a whole game against the computer, clicking the computer's waters", async () => {
    const { page, context, errors } = await openPage(browser, service.url, { hash: "#play" });
    const answers = [];
    page.on("response", async (res) => {
      if (res.url().endsWith("/recommend")) answers.push({ request: res.request().postDataJSON(), body: await res.json() });
    });
    await page.selectOption("#play-level", "10");
    await page.click("#play-start");
    await page.waitForSelector("#play-enemy .board:not(.waiting)");
    const over = () => page.$eval("#play-status", (el) => /You win|computer wins/.test(el.textContent));
    let clicks = 0;
    while (!(await over())) {
      const cell = await page.$("#play-enemy .cell[data-state='.']");
      await cell.click();
      clicks += 1;
      await page.waitForFunction(
        () => /You win|computer wins/.test(document.querySelector("#play-status").textContent)
          || !document.querySelector("#play-enemy .board").classList.contains("waiting"),
      );
      assert.ok(clicks <= 100, "the game must end within the board's 100 cells");
    }
    const status = await page.textContent("#play-status");
    const mine = await marksOf(page, "#play-mine");
    const enemy = await marksOf(page, "#play-enemy");
    const fired = (marks) => marks.join("").replace(/\./g, "").length;
    assert.equal(fired(enemy), clicks, "each click fired one shot");
    // The computer shot exactly where the service told it, once a turn, never twice at a cell.
    const theirs = answers.map((a) => a.body.shot);
    assert.equal(fired(mine), theirs.length);
    assert.equal(new Set(theirs.map((s) => s.label)).size, theirs.length);
    for (const { request, body } of answers) {
      assert.equal(request.board[body.shot.row][body.shot.col], ".", "the service named an unshot cell");
      assert.equal(request.level, 10);
      assert.equal(mine[body.shot.row][body.shot.col] !== ".", true);
    }
    // One seed for the whole game (one tie order), and the ships afloat shrink as ships sink.
    assert.equal(new Set(answers.map((a) => a.request.seed)).size, 1);
    if (/computer wins/.test(status)) {
      assert.equal(mine.join("").replace(/[^x]/g, "").length, 0, "every hit ship is sunk");
      assert.equal(mine.join("").replace(/[^#]/g, "").length, 17);
      assert.match(status, new RegExp(`in ${theirs.length} shots`));
      assert.deepEqual(answers.at(-1).request.ships.length, 1);
    } else {
      assert.equal(enemy.join("").replace(/[^#]/g, "").length, 17);
    }
    assert.ok(answers.length >= 17, `the computer fired ${answers.length} shots`);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("level 11 thinks longer: full strength with a budget the page names", async () => {
    const { page, context, errors } = await openPage(browser, service.url, { hash: "#play" });
    const requests = [];
    page.on("request", (req) => {
      if (req.url().endsWith("/recommend")) requests.push(req.postDataJSON());
    });
    const option = await page.$eval("#play-level option[value='11']", (o) => o.textContent);
    assert.match(option, /thinks 100 ms a move/);
    assert.match(await page.textContent("#play-level-help"), /11, where offered, is full strength thinking 100 ms a move/);
    await page.selectOption("#play-level", "11");
    await page.click("#play-start");
    await page.waitForSelector("#play-enemy .board:not(.waiting)");
    for (let turn = 0; turn < 2; turn++) {
      // Each shot of ours is answered by the computer's turn, one POST /recommend.
      await Promise.all([
        page.waitForResponse((res) => res.url().endsWith("/recommend")),
        page.click("#play-enemy .cell[data-state='.']"),
      ]);
      await page.waitForSelector("#play-enemy .board:not(.waiting)");
    }
    assert.ok(requests.length >= 2, `${requests.length} computer turns`);
    for (const r of requests) assert.deepEqual([r.level, r.budget_ms], [10, 100]);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("fired with the keyboard, and a hint lists the best cells", async () => {
    const { page, context, errors } = await openPage(browser, service.url, { hash: "#play" });
    await page.click("#play-start");
    await page.waitForSelector("#play-enemy .board:not(.waiting)");
    // Start puts the focus on the computer's waters, at A1.
    assert.equal(await page.evaluate(() => document.activeElement.dataset.label), "A1");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await page.waitForSelector("#play-enemy .board:not(.waiting)");
    assert.notEqual(await page.getAttribute("#play-enemy .cell[data-label='B2']", "data-state"), ".");
    await page.click("#play-hint");
    await page.waitForSelector("#play-enemy .cell[data-candidate='3']");
    const hint = await page.textContent("#play-hint-text");
    assert.match(hint, /1\. [A-J]\d+ .*2\. .*3\. /);
    const ranked = await page.$$eval("#play-enemy .cell[data-candidate]", (cells) => cells.map((c) => c.dataset.state));
    assert.deepEqual(ranked, [".", ".", "."], "hints name unshot cells");
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("no-touch rules with a ten-ship fleet and salvos of three: three shots a turn each way", async () => {
    const { page, context, errors } = await openPage(browser, service.url, { hash: "#play" });
    const asked = [];
    page.on("request", (r) => r.url().endsWith("/recommend") && asked.push(r.postDataJSON()));
    await page.uncheck("#play-touching");
    await page.fill("#play-ships", "4,3,3,2,2,2,1,1,1,1");
    await page.dispatchEvent("#play-ships", "change");
    await page.fill("#play-salvo", "3");
    await page.waitForFunction(() => document.querySelectorAll("#play-mine .cell.ship").length === 20);
    // The fleet the page placed keeps its ships apart, corners included.
    const ships = await page.$$eval("#play-mine .cell.ship", (cells) => cells.map((c) => [+c.dataset.row, +c.dataset.col]));
    const own = new Set(ships.map(([r, c]) => r * 10 + c));
    const groups = [];
    for (const [r, c] of ships) {
      const near = groups.filter((g) => g.some(([gr, gc]) => Math.abs(gr - r) <= 1 && Math.abs(gc - c) <= 1));
      const merged = [[r, c], ...near.flat()];
      for (const g of near) groups.splice(groups.indexOf(g), 1);
      groups.push(merged);
    }
    assert.equal(groups.length, 10, "ten ships, none touching another");
    assert.equal(own.size, 20);
    await page.click("#play-start");
    await page.waitForSelector("#play-enemy .board:not(.waiting)");
    for (const label of ["A1", "C3", "E5"]) {
      assert.match(await page.textContent("#play-status"), /Your turn|more shot/);
      await page.click(`#play-enemy .cell[data-label='${label}']`);
    }
    await page.waitForFunction(() => /Your turn|computer wins/.test(document.querySelector("#play-status").textContent));
    assert.equal(asked.length, 1, "one request for the computer's turn");
    assert.deepEqual(asked[0].rules, { touching: false, salvo: 3, announce: "sunk-cells" });
    assert.deepEqual(asked[0].ships, [4, 3, 3, 2, 2, 2, 1, 1, 1, 1]);
    const fired = (await marksOf(page, "#play-mine")).join("").replace(/\./g, "").length;
    assert.equal(fired, 3, "the computer fired its salvo of three");
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("a fleet moved by dragging stays legal, and a drop on another ship is refused", async () => {
    const { page, context } = await openPage(browser, service.url, { hash: "#play" });
    const ships = async () => page.$$eval("#play-mine .cell.ship", (cells) => cells.map((c) => c.dataset.label).sort());
    const before = await ships();
    assert.equal(before.length, 17);
    // Drag the ship under the first ship cell to an empty spot two cells away, if there is one.
    const from = await page.$("#play-mine .cell.ship");
    const empty = await page.$$("#play-mine .cell:not(.ship)");
    let moved = false;
    for (const target of empty.slice(0, 40)) {
      const a = await from.boundingBox();
      const b = await target.boundingBox();
      await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
      await page.mouse.down();
      await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 4 });
      await page.mouse.up();
      const after = await ships();
      assert.equal(after.length, 17, "a ship never loses or gains cells");
      if (after.join() !== before.join()) {
        moved = true;
        break;
      }
    }
    assert.ok(moved, "some drop moved the ship");
    // The fleet on the page is still one the rules allow: the game starts.
    await page.click("#play-start");
    await page.waitForSelector("#play-enemy .board:not(.waiting)");
    assert.match(await page.textContent("#play-status"), /Your turn/);
    await context.close();
  });
});

describe("Analyse", () => {
  test("an edited board's heat maps are POST /recommend's grids, shot marked", async () => {
    const { page, context, errors } = await openPage(browser, service.url, { hash: "#analyse" });
    await page.waitForSelector("#an-result-a .cell");
    const cycle = async (label, times) => {
      for (let i = 0; i < times; i++) await page.click(`#an-board .cell[data-label='${label}']`);
    };
    await cycle("C3", 1); // miss
    await cycle("E5", 2); // hit
    for (const miss of ["E6", "E4", "D5", "F5"]) await cycle(miss, 1);
    // A hit with water on all four sides: no ship of this fleet explains it, and the service says
    // so next to the board.
    await page.click("#an-run");
    await page.waitForSelector("#an-err-board:not([hidden])");
    const board = ["..........", "..........", "..o.......", "....o.....", "...oxo....",
      "....o.....", "..........", "..........", "..........", ".........."];
    const refused = await api("/recommend", { board, ships: [5, 4, 3, 3, 2], algorithm: "bayes", rules: { touching: true, salvo: 1 }, seed: 1 });
    assert.equal(refused.status, 422);
    assert.equal(refused.body.field, "board");
    assert.ok((await page.textContent("#an-err-board")).includes(refused.body.detail));
    await cycle("F5", 5); // miss, hit, sunk, ship seen, island, back to not shot
    board[5] = "..........";
    await page.click("#an-run");
    await page.waitForSelector("#an-err-board[hidden]", { state: "attached" });
    await page.waitForFunction(() => !document.querySelector(".results").hasAttribute("aria-busy"));
    assert.deepEqual(await marksOf(page, "#an-board"), board);
    for (const [figure, algorithm] of [["#an-result-a", "bayes"], ["#an-result-b", "density"]]) {
      const { status, body } = await api("/recommend", { board, ships: [5, 4, 3, 3, 2], algorithm, rules: { touching: true, salvo: 1 }, seed: 1 });
      assert.equal(status, 200);
      const shown = await page.$$eval(`${figure} .board .cell`, (cells) =>
        cells.map((c) => ({ r: +c.dataset.row, c: +c.dataset.col, value: Number(c.dataset.value), shot: c.classList.contains("shot"), bg: getComputedStyle(c).backgroundColor, state: c.dataset.state })));
      assert.equal(shown.length, 100);
      for (const cell of shown) assert.equal(cell.value, body.grid[cell.r][cell.c], `${algorithm} ${cell.r},${cell.c}`);
      const marked = shown.filter((c) => c.shot);
      assert.deepEqual(marked.map((c) => [c.r, c.c]), [[body.shot.row, body.shot.col]]);
      assert.match(await page.textContent(`${figure} figcaption`), new RegExp(`${algorithm}: shoot ${body.shot.label}`));
      // The hottest open cell is viridis's brightest yellow; shot cells keep their marks.
      const max = Math.max(...shown.filter((c) => c.state === ".").map((c) => c.value));
      const hottest = shown.find((c) => c.state === "." && c.value === max);
      assert.equal(hottest.bg, "rgb(253, 231, 37)");
      assert.equal(shown.find((c) => c.r === 4 && c.c === 4).state, "x");
      // The table for screen readers holds the same figures.
      const legend = await page.textContent(`${figure} .legend`);
      assert.match(legend, /recommended shot/);
      const cells = await page.$$eval(`${figure} table.values td`, (tds) => tds.map((td) => td.textContent));
      assert.equal(cells.length, 100);
      assert.equal(cells[4 * 10 + 4], "hit");
    }
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("thinking time shows bayes's candidate lines, as POST /recommend's plan gives them", async () => {
    const { page, context, errors } = await openPage(browser, service.url, { hash: "#analyse" });
    await page.waitForSelector("#an-result-a .cell");
    assert.ok(await page.$eval("#an-result-a .lines", (el) => el.hidden), "no plan at the default 10 ms");
    await page.click("#an-board .cell[data-label='C3']"); // miss
    for (let i = 0; i < 2; i++) await page.click("#an-board .cell[data-label='E5']"); // hit
    await page.fill("#an-budget", "100");
    // The page's own answer, and what it sent.
    const [answered] = await Promise.all([
      page.waitForResponse((res) => {
        if (!res.url().endsWith("/recommend")) return false;
        const sent = res.request().postDataJSON();
        return sent.algorithm === "bayes" && sent.budget_ms === 100;
      }),
      page.click("#an-run"),
    ]);
    assert.equal(answered.status(), 200);
    const body = await answered.json();
    await page.waitForSelector("#an-result-a .lines table");
    const board = ["..........", "..........", "..o.......", "..........", "....x.....",
      "..........", "..........", "..........", "..........", ".........."];
    const request = { board, ships: [5, 4, 3, 3, 2], algorithm: "bayes", rules: { touching: true, salvo: 1 }, budget_ms: 100, seed: 1 };
    assert.deepEqual(answered.request().postDataJSON(), request);
    const asked = await api("/recommend", request);
    assert.equal(asked.status, 200);
    assert.deepEqual(asked.body, body);
    assert.equal(body.compute, undefined, "held to its work bounds, the whole budget is computed");
    assert.ok(await page.$eval("#an-result-a .compute", (el) => el.hidden), "nothing to say about what was spent");
    const rows = await page.$$eval("#an-result-a .lines tbody tr", (trs) =>
      trs.map((tr) => ({ cells: [...tr.children].map((td) => td.textContent), chosen: tr.classList.contains("chosen") })));
    assert.equal(rows.length, body.plan.candidates.length);
    body.plan.candidates.forEach((line, k) => {
      assert.deepEqual(rows[k].cells.slice(0, 4), [line.label, line.probability.toFixed(3), line.mean_shots.toFixed(2), line.std_error.toFixed(2)]);
      assert.equal(rows[k].chosen, k === body.plan.chosen);
    });
    assert.match(await page.textContent("#an-result-a .lines p"), new RegExp(`Thought ahead on ${body.plan.layouts} `));
    assert.match(await page.textContent("#an-result-a figcaption"), new RegExp(`bayes: shoot ${body.shot.label}`));
    assert.equal(body.shot.label, body.plan.candidates[body.plan.chosen].label);
    // The other algorithm (density) does not plan: no lines under its map.
    assert.ok(await page.$eval("#an-result-b .lines", (el) => el.hidden));
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("an answer the clock cut short, or served at the default budget, says so under its caption", async () => {
    const { page, context, errors } = await openPage(browser, service.url, { hash: "#analyse" });
    await page.waitForSelector("#an-result-a .cell");
    // What a loaded service answers (its `compute`), put on the real answer: a machine cannot be
    // made slow on cue.
    const computes = [
      [{ asked_ms: 100, budget_ms: 100, spent_ms: 233.4, cut_short: true, stage: "sampling" },
        /^Cut short: the machine could not keep 100 ms, the clock stopped the work after 233.4 ms while sampling the posterior/],
      [{ asked_ms: 300, budget_ms: 10, spent_ms: 4.2, cut_short: false },
        /^The service was busy: computed at 10 ms instead of the 300 ms asked\.$/],
    ];
    for (const [compute, said] of computes) {
      await page.route("**/recommend", async (route) => {
        const response = await route.fetch();
        const json = await response.json();
        await route.fulfill({ response, json: json.algorithm === "bayes" ? { ...json, compute } : json });
      });
      await page.click("#an-run");
      await page.waitForSelector("#an-result-a .compute:not([hidden])");
      assert.match(await page.textContent("#an-result-a .compute"), said);
      assert.ok(await page.$eval("#an-result-b .compute", (el) => el.hidden), "density's answer was whole");
      await page.unroute("**/recommend");
      await page.click("#an-run");
      await page.waitForSelector("#an-result-a .compute", { state: "hidden" });
    }
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("a problem comes back as the API's message next to the field at fault", async () => {
    const { page, context } = await openPage(browser, service.url, { hash: "#analyse" });
    await page.fill("#an-ships", "5,4,3,3,11");
    await page.click("#an-run");
    await page.waitForSelector("#an-err-ships:not([hidden])");
    const { status, body } = await api("/recommend", { board: Array(10).fill(".........."), ships: [5, 4, 3, 3, 11], algorithm: "bayes" });
    assert.equal(status, 422);
    assert.equal(await page.textContent("#an-err-ships"), body.detail);
    assert.equal(await page.getAttribute("#an-ships", "aria-invalid"), "true");
    await page.fill("#an-ships", "5,4,3,3,2");
    await page.fill("#an-salvo", "11");
    await page.click("#an-run");
    await page.waitForSelector("#an-err-rules:not([hidden])");
    assert.match(await page.textContent("#an-err-rules"), /salvo/);
    assert.ok(await page.$eval("#an-err-ships", (el) => el.hidden), "the old problem is gone");
    await context.close();
  });
});

describe("Keys and keyboard", () => {
  test("a service with an API key: the page asks for it once, then plays", async () => {
    const keyed = await startService([], { SONAR_API_KEY: "page-key" });
    try {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${keyed.url}/#play`);
      await page.waitForSelector("#key-form:not([hidden])");
      assert.match(await page.textContent("#key-problem"), /Authorization: Bearer/);
      await page.fill("#api-key", "page-key");
      await page.click("#key-form button");
      await page.waitForSelector("body[data-ready=true]");
      await page.waitForFunction(() => document.querySelectorAll("#play-mine .cell.ship").length === 17);
      assert.equal(await page.isHidden("#key-form"), true);
      await page.click("#play-start");
      await page.waitForSelector("#play-enemy .board:not(.waiting)");
      await page.click("#play-enemy .cell[data-label='A1']");
      await page.waitForFunction(() => /Your turn/.test(document.querySelector("#play-status").textContent));
      await context.close();
    } finally {
      await keyed.stop();
    }
  });

  test("the analysed board is edited from the keyboard", async () => {
    const { page, context, errors } = await openPage(browser, service.url, { hash: "#analyse" });
    await page.focus("#an-board .cell[data-label='A1']");
    for (const key of ["ArrowDown", "ArrowDown", "ArrowRight", "Enter", "ArrowRight", "Enter", "Enter"]) {
      await page.keyboard.press(key);
    }
    const marks = await marksOf(page, "#an-board");
    assert.equal(marks[2], ".ox.......");
    await page.waitForFunction(() => document.querySelector("#an-result-a figcaption").textContent.includes("target mode"));
    assert.deepEqual(errors, []);
    await context.close();
  });
});

describe("Watch", () => {
  test("the computer's game on the page is the game replayed through the API", async () => {
    const { page, context, errors } = await openPage(browser, service.url, { hash: "#watch" });
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: service.url });
    await page.fill("#watch-seed", "7");
    await page.dispatchEvent("#watch-seed", "change");
    await page.waitForSelector("#watch-status >> text=seed 7");
    await page.fill("#watch-speed", "100");
    await page.click("#watch-play");
    await page.waitForSelector("#watch-status >> text=Sank the whole fleet", { timeout: 120_000 });
    // The game as a request: a history of the shots under the default rule, sunk-cells.
    const copied = JSON.parse(await page.inputValue("#watch-shots"));
    assert.equal(copied.rules.announce, "sunk-cells");
    const shots = copied.history.shots.map((s) => ({ label: s.cell, result: s.result }));
    assert.equal(String(shots.length), await page.textContent("#watch-count"));
    assert.equal(await page.textContent("#watch-hits"), "17");
    assert.equal(new Set(shots.map((s) => s.label)).size, shots.length);
    assert.ok(copied.history.shots.filter((s) => s.result === "sunk").every((s) => s.cells.includes(s.cell)));
    // The same game through the API: the hidden fleet from the seed, the shots from the service.
    const fleet = await api("/placement", { rows: 10, cols: 10, ships: [5, 4, 3, 3, 2], rules: { touching: true }, seed: 7, style: "uniform" });
    const cells = new Map(fleet.body.ships.flatMap((s, i) => s.cells.map((c) => [c.label, i])));
    const hits = fleet.body.ships.map(() => 0);
    const board = Array.from({ length: 10 }, () => Array(10).fill("."));
    const replay = [];
    while (hits.reduce((a, b) => a + b, 0) < 17) {
      const afloat = fleet.body.ships.filter((s, i) => hits[i] < s.length).map((s) => s.length);
      const { body } = await api("/recommend", { board: board.map((r) => r.join("")), ships: afloat, algorithm: "bayes", level: 10, rules: { touching: true, salvo: 1 }, seed: 7 });
      const { row, col, label } = body.shot;
      const ship = cells.get(label);
      let result = "miss";
      if (ship === undefined) board[row][col] = "o";
      else {
        hits[ship] += 1;
        board[row][col] = "x";
        result = "hit";
        if (hits[ship] === fleet.body.ships[ship].length) {
          for (const c of fleet.body.ships[ship].cells) board[c.row][c.col] = "#";
          result = "sunk";
        }
      }
      replay.push({ row, col, label, result });
    }
    assert.deepEqual(shots, replay.map(({ label, result }) => ({ label, result })));
    await page.click("#watch-copy");
    await page.waitForSelector("#watch-copied >> text=Copied");
    assert.deepEqual(JSON.parse(await page.evaluate(() => navigator.clipboard.readText())), copied);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("a seed's change seen twice keeps the game; a move answered after a new fleet is not played", async () => {
    const { page, context, errors } = await openPage(browser, service.url, { hash: "#watch" });
    const placements = [];
    page.on("request", (r) => r.url().endsWith("/placement") && placements.push(r.postDataJSON()));
    await page.fill("#watch-seed", "7");
    await page.dispatchEvent("#watch-seed", "change");
    await page.waitForSelector("#watch-status >> text=seed 7");
    // The click leaves the seed field, whose value changed since it was focused: the browser
    // fires `change` again, for the settings already played.
    await page.click("#watch-step");
    await page.waitForSelector("#watch-status >> text=Turn 1:");
    await page.click("#watch-step");
    await page.waitForSelector("#watch-status >> text=Turn 2:");
    assert.deepEqual(placements.map((p) => p.seed), [7], "one placement for seed 7");
    // A move whose answer comes after the next fleet's: held until the fleet is replaced.
    let release;
    const held = new Promise((resolve) => (release = resolve));
    await page.route("**/recommend", async (route) => (await held, route.continue()), { times: 1 });
    await page.click("#watch-step");
    await page.fill("#watch-seed", "8");
    await page.dispatchEvent("#watch-seed", "change");
    await page.waitForSelector("#watch-status >> text=seed 8");
    const answered = page.waitForResponse("**/recommend");
    release();
    await answered;
    // The move has ended once One move can be pressed again.
    await page.waitForSelector("#watch-step:not([disabled])");
    assert.match(await page.textContent("#watch-status"), /seed 8\)\. Press Play/);
    assert.equal(await page.textContent("#watch-count"), "0");
    assert.deepEqual(errors, []);
    await context.close();
  });
});

describe("The page", () => {
  test("makes no request outside the service", async () => {
    const context = await browser.newContext();
    const outside = [];
    const origins = new Set();
    await context.route("**/*", (route) => {
      const url = new URL(route.request().url());
      origins.add(url.origin);
      if (url.origin !== service.url) {
        outside.push(url.href);
        return route.abort();
      }
      return route.continue();
    });
    const page = await context.newPage();
    const response = await page.goto(`${service.url}/#play`);
    assert.match(response.headers()["content-security-policy"], /default-src 'none'/);
    await page.waitForSelector("body[data-ready=true]");
    await page.click("#play-start");
    await page.waitForSelector("#play-enemy .board:not(.waiting)");
    await page.click("#play-enemy .cell[data-label='E5']");
    await page.waitForSelector("#play-enemy .board:not(.waiting)");
    await page.click("#play-hint");
    await page.click("a[href='#analyse']");
    await page.click("#an-board .cell[data-label='D4']");
    await page.waitForSelector("#an-result-a .cell");
    await page.click("a[href='#watch']");
    await page.click("#watch-step");
    await page.waitForSelector("#watch-status >> text=Turn 1");
    await page.click("a[href='/docs/']");
    await page.waitForSelector(".swagger-ui");
    assert.deepEqual(outside, []);
    assert.deepEqual([...origins], [service.url]);
    await context.close();
  });

  test("fits a phone's width, every view usable without scrolling sideways", async () => {
    const { page, context, errors } = await openPage(browser, service.url, { viewport: { width: 360, height: 740 } });
    for (const view of ["play", "analyse", "watch"]) {
      await showView(page, view);
      const { scroll, width, cell } = await page.evaluate((v) => {
        const c = document.querySelector(`#${v} .board .cell`).getBoundingClientRect();
        return { scroll: document.documentElement.scrollWidth, width: window.innerWidth, cell: c.width };
      }, view);
      assert.ok(scroll <= width, `${view}: the page is ${scroll} px wide on a ${width} px screen`);
      assert.ok(cell >= 20, `${view}: cells of ${cell} px are too small to tap`);
    }
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("links to the API docs, and the views are reachable by their addresses", async () => {
    const { page, context } = await openPage(browser, service.url, { hash: "#watch" });
    assert.equal(await page.isVisible("#watch"), true);
    assert.equal(await page.isVisible("#play"), false);
    assert.equal(await page.getAttribute("a[href='#watch']", "aria-current"), "page");
    const docs = await page.request.get(`${service.url}${await page.getAttribute("nav a.external", "href")}`);
    assert.equal(docs.status(), 200);
    await context.close();
  });
});
