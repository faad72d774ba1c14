// The service the tests play against: SONAR_URL, e.g. http://127.0.0.1:8080 (.ci/clients starts
// the release binary on a free port and sets it).
import { createSonarClient } from "../src/index.js";

export const baseUrl: string = (() => {
    const url = process.env.SONAR_URL;
    if (!url) {
        throw new Error("set SONAR_URL to the address of a running sonar (e.g. http://127.0.0.1:8080); .ci/clients does");
    }
    return url.replace(/\/+$/, "");
})();

export const sonar = createSonarClient(baseUrl);
