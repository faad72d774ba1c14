// A browser game on another origin calling the service: the browser's own preflight and CORS
// checks decide, with the origin allowed (--cors-origin), not allowed, and with no origin
// configured (same-origin only).

import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { freePort, launchBrowser, startService } from "../harness.js";

let browser;
const servers = [];
const services = [];

/** A page of another origin: an empty HTML page on its own port. */
async function otherOrigin() {
  const port = await freePort();
  const server = createServer((req, res) => {
    res.writeHead(200, { "Content-Type": "text/html" });
    res.end("<!doctype html><title>a game elsewhere</title>");
  });
  await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
  servers.push(server);
  return `http://127.0.0.1:${port}`;
}

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  for (const s of servers) s.close();
  for (const s of services) await s.stop();
});

/** From a page of `origin`, a JSON POST with a bearer key to the service (a preflighted request). */
async function callFrom(origin, serviceUrl) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(origin);
  const result = await page.evaluate(async (url) => {
    try {
      const res = await fetch(`${url}/recommend`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: "Bearer browser-key" },
        body: JSON.stringify({ board: ["....", "....", "....", "...."], ships: [2], algorithm: "density", seed: 1 }),
      });
      return { status: res.status, body: await res.json(), requestId: res.headers.get("x-request-id") };
    } catch (err) {
      return { failed: String(err) };
    }
  }, serviceUrl);
  await context.close();
  return result;
}

test("an allowed origin's page calls the service, key and all, and reads the answer and its headers", async () => {
  const game = await otherOrigin();
  const service = await startService(["--cors-origin", game], { SONAR_API_KEY: "browser-key" });
  services.push(service);
  const result = await callFrom(game, service.url);
  assert.equal(result.failed, undefined, result.failed);
  assert.equal(result.status, 200);
  assert.equal(result.body.algorithm, "density");
  assert.match(result.requestId, /^[0-9a-f]+-[0-9a-f]+$/, "x-request-id is exposed to the page");
  // Another origin is refused by the browser, though the service still answers.
  const elsewhere = await otherOrigin();
  assert.match((await callFrom(elsewhere, service.url)).failed, /TypeError/);
});

test("with no origin configured the browser refuses every cross-origin call", async () => {
  const game = await otherOrigin();
  const service = await startService([], {});
  services.push(service);
  assert.match((await callFrom(game, service.url)).failed, /TypeError/);
});
