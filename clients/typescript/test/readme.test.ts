// README.md's TypeScript example, as extracted by scripts/readme-example.mjs and compiled by tsc
// (so it typechecks against the generated types), run against the service.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

import { baseUrl } from "./server.js";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..");

test("README's typescript example runs against the service", async () => {
    // The compiled example must come from the README as it is now (npm test extracts it first).
    const readme = readFileSync(join(root, "..", "..", "README.md"), "utf8");
    const source = readFileSync(join(root, "examples", "readme.ts"), "utf8");
    const example = readme.match(/<!-- client-example: typescript -->\n[\s\S]*?^```ts\n([\s\S]*?)^```$/m)?.[1];
    assert.ok(example, "README.md has the typescript client example");
    assert.ok(
        source.includes(example.replace('"http://127.0.0.1:8080"', '(process.env.SONAR_URL ?? "http://127.0.0.1:8080")')),
        "examples/readme.ts is stale: run npm test (it extracts the example again)",
    );

    const { stdout } = await promisify(execFile)(process.execPath, [join(root, "dist", "examples", "readme.js")], {
        env: { ...process.env, SONAR_URL: baseUrl },
        timeout: 60_000,
    });
    assert.match(stdout, /^[A-J](10|[1-9]) (hunt|target)\n422 board\n$/);
});
