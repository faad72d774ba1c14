// The page as a player sees it (issue 23): ships drawn as pieces a player can tell apart, your
// fleet readable over the heat map, a game that ends with a banner, the computer's deliberate
// mistakes marked as such, fleet trays, and a phone's first screen holding the board you fire at.

import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { launchBrowser, openPage, showView, startService } from "../harness.js";

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

/** A POST /placement answer for ships given as [length, row, col, horizontal]. */
function layout(ships) {
  return {
    ships: ships.map(([length, row, col, horizontal]) => ({
      length,
      horizontal,
      cells: Array.from({ length }, (_, i) => {
        const [r, c] = horizontal ? [row, col + i] : [row + i, col];
        return { row: r, col: c, label: LABEL(r, c) };
      }),
    })),
  };
}

/** Each cell of a board: label, state, ship id and part, classes, and its hull's (::before) style. */
function cellsOf(page, selector) {
  return page.$$eval(`${selector} .cell`, (cells) =>
    cells.map((c) => {
      const hull = getComputedStyle(c, "::before");
      return {
        label: c.dataset.label,
        state: c.dataset.state,
        ship: c.dataset.ship ?? null,
        part: c.dataset.part ?? null,
        dir: c.dataset.dir ?? null,
        classes: [...c.classList],
        aria: c.getAttribute("aria-label"),
        bg: getComputedStyle(c).backgroundColor,
        hull: {
          content: hull.content,
          top: hull.top, bottom: hull.bottom, left: hull.left, right: hull.right,
          borderTop: parseFloat(hull.borderTopWidth), borderBottom: parseFloat(hull.borderBottomWidth),
          borderLeft: parseFloat(hull.borderLeftWidth), borderRight: parseFloat(hull.borderRightWidth),
          borderColor: c.dataset.dir === "v" ? hull.borderLeftColor : hull.borderTopColor,
          radius: parseFloat(hull.borderBottomLeftRadius) + parseFloat(hull.borderTopRightRadius),
          background: hull.backgroundColor, image: hull.backgroundImage, shadow: hull.boxShadow,
        },
      };
    }),
  );
}

/** Fires at the computer's waters, cell by cell in reading order, until the game ends; calls `each` after every turn. */
async function playToTheEnd(page, each = async () => {}) {
  for (let turns = 0; ; turns++) {
    if (!(await page.isHidden("#play-end"))) return turns;
    assert.ok(turns <= 100, "the game must end within the board's 100 cells");
    await page.click("#play-enemy .cell[data-state='.']");
    await page.waitForFunction(
      () => !document.querySelector("#play-end").hidden || !document.querySelector("#play-enemy .board").classList.contains("waiting"),
    );
    await each();
  }
}

describe("Ships as pieces", () => {
  test("two touching ships are two outlined pieces with a seam between them", async () => {
    const { page, context, errors } = await openPage(browser, service.url, { hash: "#play" });
    // The fleet: I3-I5 beside E5-H5, which read as one bent ship.
    await page.route("**/placement", (route) =>
      route.fulfill({ json: layout([[5, 0, 0, true], [4, 4, 4, false], [3, 8, 2, true], [3, 2, 7, false], [2, 9, 8, true]]) }));
    await page.click("#play-random");
    await page.waitForSelector("#play-mine .cell[data-label='I3'].ship");
    const cells = new Map((await cellsOf(page, "#play-mine")).map((c) => [c.label, c]));
    const upright = ["E5", "F5", "G5", "H5"].map((l) => cells.get(l));
    const across = ["I3", "I4", "I5"].map((l) => cells.get(l));
    // Each ship cell carries its ship's id; the two ships have different ids.
    assert.equal(new Set(upright.map((c) => c.ship)).size, 1);
    assert.equal(new Set(across.map((c) => c.ship)).size, 1);
    assert.notEqual(upright[0].ship, across[0].ship);
    assert.deepEqual(upright.map((c) => c.part), ["head", "mid", "mid", "tail"]);
    assert.deepEqual(across.map((c) => c.part), ["head", "mid", "tail"]);
    assert.deepEqual([...new Set(upright.map((c) => c.dir))], ["v"]);
    assert.deepEqual([...new Set(across.map((c) => c.dir))], ["h"]);
    for (const c of [...upright, ...across]) {
      assert.notEqual(c.hull.content, "none", `${c.label} draws its part of the hull`);
      assert.match(c.aria, /ship of [34]/);
    }
    // Within a ship the hull runs across the gap with no border; at H5 (the upright ship's stern)
    // and I5 (the other ship's side) each hull closes with its own border, inset from the cell, so
    // sea shows between them.
    const [e5, f5, , h5] = upright;
    const i5 = across[2];
    assert.equal(e5.hull.borderBottom, 0);
    assert.equal(f5.hull.top, "-2px");
    assert.equal(f5.hull.bottom, "-2px");
    assert.ok(h5.hull.borderBottom >= 2, "H5 closes the upright ship");
    assert.ok(h5.hull.radius > 0, "the stern is rounded");
    assert.ok(i5.hull.borderTop >= 2, "I5's hull has its own edge facing H5");
    assert.ok(parseFloat(h5.hull.bottom) >= 2 && parseFloat(i5.hull.top) >= 2, "a seam of sea between the two hulls");
    assert.ok(i5.hull.borderRight >= 2 && across[0].hull.borderLeft >= 2, "I3 and I5 are the ends of their ship");
    assert.equal(cells.get("D5").ship, null);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("Analyse draws a straight run of sunk cells as one ship, and leaves a bent group alone", async () => {
    const { page, context, errors } = await openPage(browser, service.url, { hash: "#analyse" });
    const sink = async (label) => {
      for (let i = 0; i < 3; i++) await page.click(`#an-board .cell[data-label='${label}']`);
    };
    for (const label of ["C3", "C4", "C5", "G2", "G3", "H3"]) await sink(label);
    const cells = new Map((await cellsOf(page, "#an-board")).map((c) => [c.label, c]));
    assert.deepEqual(["C3", "C4", "C5"].map((l) => cells.get(l).part), ["head", "mid", "tail"]);
    assert.equal(new Set(["C3", "C4", "C5"].map((l) => cells.get(l).ship)).size, 1);
    assert.deepEqual(["G2", "G3", "H3"].map((l) => cells.get(l).ship), [null, null, null], "a bent group could be two ships");
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("your fleet stays visible over the heat map: an outline over the heat", async () => {
    const { page, context, errors } = await openPage(browser, service.url, { hash: "#play" });
    await page.click("#play-start");
    for (const label of ["E5", "C3"]) {
      await page.waitForSelector("#play-enemy .board:not(.waiting)");
      await page.click(`#play-enemy .cell[data-label='${label}']`);
    }
    await page.waitForSelector("#play-enemy .board:not(.waiting)");
    await page.check("#play-heat");
    await page.waitForSelector("#play-mine .cell.heat");
    const cells = await cellsOf(page, "#play-mine");
    const ships = cells.filter((c) => c.ship !== null);
    assert.equal(ships.length, 17, "every ship cell is drawn as a ship");
    const open = ships.filter((c) => c.state === ".");
    assert.ok(open.length >= 15);
    for (const c of open) {
      assert.ok(c.classes.includes("heat"), `${c.label} keeps its heat colour`);
      assert.notEqual(c.bg, "rgb(230, 238, 246)", `${c.label}: the heat is the cell's fill`);
      // The hull is an outline: dark border, lined white, no fill of its own.
      const side = c.dir === "h" ? c.hull.borderTop : c.hull.borderLeft;
      assert.ok(side >= 2, `${c.label}: an outline of ${side} px`);
      assert.equal(c.hull.borderColor, "rgb(18, 38, 58)");
      assert.match(c.hull.shadow, /rgb\(255, 255, 255\)/);
      assert.equal(c.hull.background, "rgba(0, 0, 0, 0)");
    }
    assert.deepEqual(errors, []);
    await context.close();
  });
});

describe("A game as a player sees it", () => {
  test("a whole game ends with a banner, heat map and hints off, the computer's fleet revealed, and Play again keeps the settings", async () => {
    const { page, context, errors } = await openPage(browser, service.url, { hash: "#play" });
    const answers = [];
    page.on("response", async (res) => {
      if (res.url().endsWith("/recommend")) answers.push(await res.json());
    });
    await page.selectOption("#play-level", "10");
    await page.selectOption("#play-algorithm", "density");
    await page.check("#play-heat");
    assert.equal(await page.$$eval("#play-mine-tray li.afloat", (li) => li.length), 5);
    await page.click("#play-start");
    await page.waitForSelector("#play-enemy .board:not(.waiting)");
    // The trays follow the boards every turn: a ship is struck through once all its cells are sunk.
    const trayMatches = async () => {
      for (const side of ["mine", "enemy"]) {
        const { tray, sunk } = await page.evaluate((s) => {
          const byShip = new Map();
          for (const c of document.querySelectorAll(`#play-${s} .cell[data-ship]`)) {
            byShip.set(c.dataset.ship, [...(byShip.get(c.dataset.ship) || []), c.dataset.state]);
          }
          const sunk = [...byShip.values()].filter((states) => states.every((m) => m === "#")).map((st) => st.length);
          const tray = [...document.querySelectorAll(`#play-${s}-tray li.sunk`)].map((li) => Number(li.dataset.length));
          return { tray: tray.sort(), sunk: sunk.sort() };
        }, side);
        if (side === "mine" || sunk.length) assert.deepEqual(tray, sunk, `${side}: the tray strikes through the ships sunk`);
      }
    };
    await playToTheEnd(page, trayMatches);
    // The banner names the winner and both shot counts.
    const status = await page.textContent("#play-status");
    const title = await page.textContent("#play-end-title");
    const text = await page.textContent("#play-end-text");
    const fired = async (sel) => (await page.$$eval(`${sel} .cell`, (cs) => cs.filter((c) => c.dataset.state !== ".").length));
    const mine = await fired("#play-mine");
    const theirs = await fired("#play-enemy");
    assert.match(text, new RegExp(`You fired ${theirs} shots.*the computer fired ${mine} shots`));
    const computerWon = /computer wins/.test(status);
    assert.equal(title, computerWon ? "The computer wins." : "You win!");
    assert.equal(await page.evaluate(() => document.activeElement.id), "play-again");
    assert.equal(await page.getAttribute("#play-again", "aria-describedby"), "play-end-title play-end-text");
    assert.match(await page.textContent("#play-mine-tray"), /ship of 5, (afloat|sunk)/, "the tray reads as text to a screen reader");
    // The heat map and the hints are off, and stay off.
    assert.equal(await page.$$eval("#play-mine .cell.heat", (cs) => cs.length), 0);
    assert.equal(await page.isHidden("#play-mine-legend"), true);
    assert.equal(await page.isDisabled("#play-hint"), true);
    assert.equal(await page.isDisabled("#play-heat"), true);
    assert.equal(await page.$$eval("#play-enemy .cell[data-candidate]", (cs) => cs.length), 0);
    assert.equal(await page.$eval("#play-enemy .board", (b) => b.classList.contains("waiting")), false);
    // The computer's whole fleet shows, hit cells and cells never found told apart.
    const enemy = await cellsOf(page, "#play-enemy");
    const ships = enemy.filter((c) => c.ship !== null);
    assert.equal(ships.length, 17);
    assert.equal(new Set(ships.map((c) => c.ship)).size, 5);
    const unfound = ships.filter((c) => c.state === ".");
    for (const c of unfound) {
      assert.ok(c.classes.includes("unfound"), `${c.label} is marked as never found`);
      assert.match(c.aria, /not found/);
      assert.match(c.hull.image, /repeating-linear-gradient/, "a hatched hull, unlike the sea");
    }
    for (const c of ships.filter((s) => s.state !== ".")) assert.ok(!c.classes.includes("unfound"));
    assert.equal(unfound.length > 0, computerWon, "only the loser's hunt leaves ship cells unfound");
    // At level 10 the service says nothing of mistakes, and the page marks none.
    assert.ok(answers.length > 0 && answers.every((a) => !("mistake" in a)));
    assert.equal(await page.$$eval("#play-mine .cell.mistake", (cs) => cs.length), 0);
    // Play again: a fresh set-up with the same settings.
    await page.click("#play-again");
    await page.waitForFunction(() => document.querySelectorAll("#play-mine .cell.ship").length === 17 && !document.querySelector("#play-start").hidden);
    assert.equal(await page.isHidden("#play-end"), true);
    assert.equal(await page.inputValue("#play-level"), "10");
    assert.equal(await page.inputValue("#play-algorithm"), "density");
    assert.equal(await page.isChecked("#play-heat"), true);
    assert.deepEqual(await page.$$eval("#play-enemy .cell", (cs) => cs.filter((c) => c.dataset.state !== "." || c.dataset.ship).length), 0);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("at level 1 the computer's deliberate mistakes are marked on the board and in the status line", async () => {
    const { page, context, errors } = await openPage(browser, service.url, { hash: "#play" });
    // Levels are explained where they are picked.
    const help = await page.textContent("#play-level-help");
    assert.match(help, /below 10 it makes deliberate mistakes/);
    assert.match(help, /weakens whichever algorithm you pick/);
    assert.match(help, /default algorithm, bayes: about \d+ shots at level 10, \d+ at level 1/);
    assert.equal(await page.getAttribute("#play-level", "aria-describedby"), "play-level-help");
    const turns = [];
    page.on("response", async (res) => {
      if (res.url().endsWith("/recommend")) turns.push(await res.json());
    });
    await page.selectOption("#play-level", "1");
    await page.click("#play-start");
    for (let i = 0; i < 12; i++) {
      await page.waitForSelector("#play-enemy .board:not(.waiting)");
      await page.click("#play-enemy .cell[data-state='.']");
      await page.waitForFunction((n) => /Your turn/.test(document.querySelector("#play-status").textContent)
        && document.querySelectorAll("#play-mine .cell:not([data-state='.'])").length === n, i + 1);
      // The page may draw the turn before this listener has read the answer's body.
      for (let wait = 0; turns.length < i + 1 && wait < 500; wait++) await new Promise((r) => setTimeout(r, 10));
      const last = turns.at(-1);
      assert.equal(typeof last.mistake, "boolean", "below level 10 the service says whether the shot is a mistake");
      const status = await page.textContent("#play-status");
      assert.equal(status.includes("(a deliberate mistake at level 1)"), last.mistake, status);
    }
    assert.equal(turns.length, 12);
    const marked = await page.$$eval("#play-mine .cell.mistake", (cs) => cs.map((c) => ({
      label: c.dataset.label, aria: c.getAttribute("aria-label"), title: c.title, badge: c.querySelector(".badge")?.textContent,
    })));
    const mistakes = turns.filter((t) => t.mistake).map((t) => t.shot.label);
    assert.ok(mistakes.length >= 4, `level 1 errs on most turns: ${mistakes.length} of 12`);
    assert.deepEqual(marked.map((m) => m.label).sort(), mistakes.sort());
    for (const m of marked) {
      assert.match(m.aria, /a deliberate mistake at level 1/);
      assert.match(m.title, /a deliberate mistake at level 1/);
      assert.equal(m.badge, "?");
    }
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("a /recommend answer without `mistake` marks nothing", async () => {
    const { page, context, errors } = await openPage(browser, service.url, { hash: "#play" });
    await page.route("**/recommend", async (route) => {
      const res = await route.fetch();
      const body = await res.json();
      delete body.mistake;
      await route.fulfill({ response: res, json: body });
    });
    await page.selectOption("#play-level", "1");
    await page.click("#play-start");
    for (let i = 0; i < 4; i++) {
      await page.waitForSelector("#play-enemy .board:not(.waiting)");
      await page.click("#play-enemy .cell[data-state='.']");
    }
    await page.waitForFunction(() => document.querySelectorAll("#play-mine .cell:not([data-state='.'])").length === 4);
    assert.equal(await page.$$eval("#play-mine .cell.mistake", (cs) => cs.length), 0);
    assert.doesNotMatch(await page.textContent("#play-status"), /mistake/);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("the status line reads as sentences", async () => {
    const { page, context } = await openPage(browser, service.url, { hash: "#play" });
    await page.selectOption("#play-level", "10");
    await page.click("#play-start");
    await page.waitForSelector("#play-enemy .board:not(.waiting)");
    await page.click("#play-enemy .cell[data-label='A1']");
    await page.waitForFunction(() => /Your turn/.test(document.querySelector("#play-status").textContent));
    assert.match(await page.textContent("#play-status"), /^The computer fired [A-J]\d+: (miss|hit)\. Your turn\.$/);
    assert.equal(await page.textContent("figure.mine figcaption"), "Your waters: 1 shot");
    await context.close();
  });
});

describe("Watch", () => {
  test("at level 1 the watched computer's deliberate mistakes are marked, and sunk ships drawn as pieces", async () => {
    const { page, context, errors } = await openPage(browser, service.url, { hash: "#watch" });
    const turns = [];
    page.on("response", async (res) => {
      if (res.url().endsWith("/recommend")) turns.push(await res.json());
    });
    assert.match(await page.textContent("#watch-level-help"), /deliberate mistakes/);
    await page.selectOption("#watch-level", "1");
    await page.fill("#watch-seed", "7");
    await page.dispatchEvent("#watch-seed", "change");
    await page.waitForSelector("#watch-status >> text=seed 7");
    for (let i = 0; i < 10; i++) {
      await page.click("#watch-step");
      await page.waitForFunction((n) => document.querySelector("#watch-count").textContent === String(n), i + 1);
      const status = await page.textContent("#watch-status");
      assert.equal(status.includes("a deliberate mistake at level 1"), turns.at(-1).mistake === true, status);
    }
    const marked = await page.$$eval("#watch-board .cell.mistake", (cs) => cs.map((c) => c.dataset.label).sort());
    assert.deepEqual(marked, turns.filter((t) => t.mistake).map((t) => t.shot.label).sort());
    assert.ok(marked.length >= 3, `level 1 errs on most turns: ${marked.length} of 10`);
    // Revealed, the hidden fleet is five pieces; its cells not yet found are told apart.
    await page.check("#watch-reveal");
    const ships = await cellsOf(page, "#watch-board");
    assert.equal(new Set(ships.filter((c) => c.ship !== null).map((c) => c.ship)).size, 5);
    for (const c of ships.filter((x) => x.ship !== null && x.state === ".")) assert.ok(c.classes.includes("unfound"), c.label);
    assert.equal(await page.$$eval("#watch-tray li", (li) => li.length), 5);
    assert.deepEqual(errors, []);
    await context.close();
  });
});

describe("A phone, 390 x 844", () => {
  test("the status line and the board you fire at are on the first screen; no inner scroll boxes; placeholders fit", async () => {
    const { page, context, errors } = await openPage(browser, service.url, { hash: "#play", viewport: { width: 390, height: 844 } });
    await page.click("#play-start");
    await page.waitForSelector("#play-enemy .board:not(.waiting)");
    await page.click("#play-enemy .cell[data-label='E5']");
    await page.waitForFunction(() => /Your turn/.test(document.querySelector("#play-status").textContent));
    await page.evaluate(() => window.scrollTo(0, 0));
    const box = async (sel) => page.$eval(sel, (el) => {
      const r = el.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom };
    });
    const status = await box("#play-status");
    const board = await box("#play-enemy .board");
    assert.ok(status.bottom <= 844, `the status line ends at ${status.bottom} px`);
    assert.ok(board.bottom <= 844, `the board you fire at ends at ${board.bottom} px`);
    assert.ok(board.top >= status.bottom, "the status line sits right above the board you fire at");
    assert.ok(board.top - status.bottom < 100, `${board.top - status.bottom} px between the status line and the board`);
    // The settings are folded away, one tap from the top.
    assert.equal(await page.$eval("#play-settings", (d) => d.open), false);

    for (const view of ["play", "analyse", "watch"]) {
      await showView(page, view);
      if (view === "analyse") {
        await page.waitForSelector("#an-result-a summary");
        await page.click("#an-result-a summary");
        await page.click("#an-result-b summary");
      }
      const { boxes, width } = await page.evaluate((v) => {
        const out = [];
        for (const el of document.querySelectorAll(`#${v} *`)) {
          // Text for screen readers only (.sr) is clipped on purpose; it is no scroll box.
          if (!el.getClientRects().length || el.tagName === "SELECT" || el.tagName === "OPTION" || el.classList.contains("sr")) continue;
          const s = getComputedStyle(el);
          const sideways = el.scrollWidth > el.clientWidth + 1 && /auto|scroll|hidden/.test(s.overflowX);
          const down = el.tagName !== "TEXTAREA" && el.scrollHeight > el.clientHeight + 1 && /auto|scroll|hidden/.test(s.overflowY);
          if (sideways || down) out.push(`${el.tagName}#${el.id}.${el.className}`);
        }
        return { boxes: out, width: document.documentElement.scrollWidth };
      }, view);
      assert.deepEqual(boxes, [], `${view}: elements scrolling inside their own box`);
      assert.ok(width <= 390, `${view}: the page is ${width} px wide`);
    }
    // The values table and its caption fit on the screen.
    await showView(page, "analyse");
    for (const sel of ["#an-result-a table.values", "#an-result-a table.values caption"]) {
      const r = await page.$eval(sel, (el) => el.getBoundingClientRect().toJSON());
      assert.ok(r.left >= 0 && r.right <= 390, `${sel} spans ${r.left}-${r.right} px`);
    }
    // Every placeholder shows whole: its text is narrower than the input's room for it.
    for (const view of ["play", "analyse", "watch"]) {
      await showView(page, view);
      const cut = await page.evaluate((v) => {
        const ctx = document.createElement("canvas").getContext("2d");
        const out = [];
        for (const input of document.querySelectorAll(`#${v} input[placeholder]`)) {
          if (!input.getClientRects().length) continue;
          const s = getComputedStyle(input);
          ctx.font = `${s.fontSize} ${s.fontFamily}`;
          const text = ctx.measureText(input.placeholder).width;
          const spinner = input.type === "number" ? 20 : 0;
          const room = input.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight) - spinner;
          if (text > room) out.push(`${input.id}: "${input.placeholder}" needs ${text} px, has ${room}`);
        }
        return out;
      }, view);
      assert.deepEqual(cut, [], `${view}: placeholders cut off`);
    }
    assert.deepEqual(errors, []);
    await context.close();
  });
});
