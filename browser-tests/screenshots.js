// Screenshots of the three views for docs/page.md, taken in Debian's headless Chromium:
// `npm run screenshots` writes docs/screenshots/{play,play-end,phone,analyse,analyse-thinking,watch}.png.

import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { launchBrowser, openPage, startService } from "./harness.js";

const out = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "docs", "screenshots");
mkdirSync(out, { recursive: true });
const service = await startService();
const browser = await launchBrowser();
const viewport = { width: 1200, height: 900 };

try {
  // Play: a game under way, the computer's heat map on, a hint shown.
  {
    const { page, context } = await openPage(browser, service.url, { hash: "#play", viewport });
    await page.click("#play-start");
    for (const label of ["E5", "E6", "D5", "C3", "F7", "H4", "B8"]) {
      await page.waitForSelector("#play-enemy .board:not(.waiting)");
      await page.click(`#play-enemy .cell[data-label='${label}']`);
    }
    await page.waitForSelector("#play-enemy .board:not(.waiting)");
    await page.check("#play-heat");
    await page.click("#play-hint");
    await page.waitForSelector("#play-enemy .cell[data-candidate]");
    await page.screenshot({ path: path.join(out, "play.png"), fullPage: true });
    await context.close();
  }
  // The end of a game: the computer (level 10) wins against shots fired in reading order.
  {
    const { page, context } = await openPage(browser, service.url, { hash: "#play", viewport });
    await page.selectOption("#play-level", "10");
    await page.click("#play-start");
    while (await page.isHidden("#play-end")) {
      await page.click("#play-enemy .cell[data-state='.']");
      await page.waitForFunction(
        () => !document.querySelector("#play-end").hidden || !document.querySelector("#play-enemy .board").classList.contains("waiting"),
      );
    }
    await page.screenshot({ path: path.join(out, "play-end.png"), fullPage: true });
    await context.close();
  }
  // A phone's first screen (390 x 844) during a game: the status line above the board you fire at.
  {
    const { page, context } = await openPage(browser, service.url, { hash: "#play", viewport: { width: 390, height: 844 } });
    await page.click("#play-start");
    for (const label of ["E5", "E6", "C3", "H8"]) {
      await page.waitForSelector("#play-enemy .board:not(.waiting)");
      await page.click(`#play-enemy .cell[data-label='${label}']`);
    }
    await page.waitForSelector("#play-enemy .board:not(.waiting)");
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(out, "phone.png") });
    await context.close();
  }
  // Analyse: a target position, bayes beside density.
  {
    const { page, context } = await openPage(browser, service.url, { hash: "#analyse", viewport });
    const clicks = { C3: 1, E5: 2, E6: 2, E4: 1, B7: 1, H2: 1, G8: 1, I9: 3, I10: 3 };
    for (const [label, n] of Object.entries(clicks)) {
      for (let i = 0; i < n; i++) await page.click(`#an-board .cell[data-label='${label}']`);
    }
    await page.fill("#an-ships", "5,4,3,3");
    await page.click("#an-run");
    await page.waitForFunction(() => !document.querySelector(".results").hasAttribute("aria-busy"));
    await page.hover("#an-result-a .cell[data-label='E7']");
    await page.screenshot({ path: path.join(out, "analyse.png"), fullPage: true });
    await context.close();
  }
  // Analyse with thinking time: the same position, bayes's candidate lines under its heat map.
  {
    const { page, context } = await openPage(browser, service.url, { hash: "#analyse", viewport });
    const clicks = { C3: 1, E5: 2, E6: 2, E4: 1, B7: 1, H2: 1, G8: 1, I9: 3, I10: 3 };
    for (const [label, n] of Object.entries(clicks)) {
      for (let i = 0; i < n; i++) await page.click(`#an-board .cell[data-label='${label}']`);
    }
    await page.fill("#an-ships", "5,4,3,3");
    await page.fill("#an-budget", "100");
    await page.selectOption("#an-alg-b", "");
    await page.click("#an-run");
    await page.waitForSelector("#an-result-a .lines table");
    await page.screenshot({ path: path.join(out, "analyse-thinking.png"), fullPage: true });
    await context.close();
  }
  // Watch: the computer part-way through a game.
  {
    const { page, context } = await openPage(browser, service.url, { hash: "#watch", viewport });
    await page.fill("#watch-seed", "7");
    await page.dispatchEvent("#watch-seed", "change");
    await page.waitForSelector("#watch-status >> text=seed 7");
    for (let i = 0; i < 24; i++) {
      await page.click("#watch-step");
      await page.waitForFunction((n) => document.querySelector("#watch-count").textContent === String(n), i + 1);
    }
    await page.check("#watch-reveal");
    await page.screenshot({ path: path.join(out, "watch.png"), fullPage: true });
    await context.close();
  }
  console.log(`screenshots written to ${out}`);
} finally {
  await browser.close();
  await service.stop();
}
