// What the browser tests share: the service started on a free port, and Debian's Chromium
// driven by Playwright's library (playwright-core, which downloads no browser of its own).

import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";
import { after, before } from "node:test";
import { chromium } from "playwright-core";

const here = path.dirname(fileURLToPath(import.meta.url));

/** The sonar binary: $SONAR_BIN, else the release build, else the debug build. */
export function sonarBinary() {
  if (process.env.SONAR_BIN) return process.env.SONAR_BIN;
  for (const kind of ["release", "debug"]) {
    const bin = path.join(here, "..", "target", kind, "sonar");
    if (existsSync(bin)) return bin;
  }
  throw new Error("no sonar binary: run `cargo build --release` first, or set SONAR_BIN");
}

/** A free TCP port on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts the service with `args`; resolves once /healthz answers. `stop()` ends it.
 *
 * The tests compare the page with the API answer for answer. Under the wall clock a loaded
 * machine cuts a computation at a different point each time, so the service is held to its work
 * bounds (`SONAR_CLOCK=work`): the same request and seed give the same answer however busy the
 * runner is. What the clock does is the API tests' to check.
 */
export async function startService(args = [], env = {}) {
  const port = await freePort();
  const child = spawn(sonarBinary(), ["--bind", `127.0.0.1:${port}`, ...args], {
    env: { ...process.env, RUST_LOG: "warn", SONAR_CLOCK: "work", ...env },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let log = "";
  child.stderr.on("data", (d) => (log += d));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`sonar exited: ${log}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (i > 300) throw new Error(`sonar did not answer /healthz within 30 s: ${log}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    log: () => log,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", resolve);
        child.kill("SIGTERM");
      }),
  };
}

/** Debian's Chromium, headless, with no network of its own (no updates, sync or QUIC). */
export function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-dev-shm-usage",
    ],
  });
}

/**
 * A page on the service with every request recorded, and any console error or uncaught exception
 * kept in `errors` (a test fails if the page logs one).
 */
export async function openPage(browser, url, { viewport = { width: 1280, height: 900 }, hash = "" } = {}) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const requests = [];
  const errors = [];
  page.on("request", (r) => requests.push(r.url()));
  page.on("pageerror", (e) => errors.push(`uncaught: ${e.message}`));
  // Chromium logs every 4xx answer as a console error; the page shows those problems itself.
  const expected = /^Failed to load resource: the server responded with a status of 4\d\d/;
  page.on("console", (m) => m.type() === "error" && !expected.test(m.text()) && errors.push(`console: ${m.text()}`));
  await page.goto(`${url}/${hash}`);
  await page.waitForSelector("body[data-ready=true]", { timeout: 30_000 });
  return { page, context, requests, errors };
}

/**
 * Clicks the navigation link to `view` (play, analyse, watch) and waits until that view shows: the
 * page switches views on `hashchange`, which fires after the click returns, so a test that reads
 * the view at once may read a hidden one.
 */
export async function showView(page, view) {
  await page.click(`a[href='#${view}']`);
  await page.waitForSelector(`#${view}`, { state: "visible" });
}

/**
 * The service and the browser for one test file: started before its tests, stopped after them.
 * Read `shared.service` and `shared.browser` inside the tests.
 */
export function serviceAndBrowser(args = [], env = {}) {
  const shared = { service: null, browser: null };
  before(async () => {
    shared.service = await startService(args, env);
    shared.browser = await launchBrowser();
  });
  after(async () => {
    await shared.browser?.close();
    await shared.service?.stop();
  });
  return shared;
}

/** A board's marks as the page shows them: one string a row of each cell's `data-state`. */
export function marksOf(page, selector) {
  return page.$$eval(`${selector} .cell`, (cells) => {
    const rows = [];
    for (const c of cells) {
      rows[+c.dataset.row] ??= [];
      rows[+c.dataset.row][+c.dataset.col] = c.dataset.state;
    }
    return rows.map((r) => r.join(""));
  });
}
