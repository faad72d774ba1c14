// A typed client for Sonar: the types are generated from openapi/openapi.json by openapi-typescript
// (src/schema.ts, never edited by hand) and the requests are made by openapi-fetch. What a game
// backend needs beyond them is here: a refusal as a typed error carrying its problem+json body.
import createClient, { type Client, type ClientOptions } from "openapi-fetch";
import type { components, paths } from "./schema.js";

export type { components, operations, paths } from "./schema.js";

/** Every schema of the document, by name: `Schemas["RecommendResponse"]`. */
export type Schemas = components["schemas"];
/** The `application/problem+json` body of every refusal. */
export type Problem = Schemas["Problem"];
/** The openapi-fetch client over Sonar's paths. */
export type SonarClient = Client<paths>;

/** Creates an openapi-fetch client for the service at `baseUrl` (e.g. `http://127.0.0.1:8080`). */
export function createSonarClient(
    baseUrl: string,
    options: Omit<ClientOptions, "baseUrl"> = {},
): SonarClient {
    return createClient<paths>({ ...options, baseUrl });
}

/** A refusal (any status other than 2xx), with the problem+json body the service sent. */
export class SonarProblem extends Error {
    /** The HTTP status, the same as `problem.status` when the service answered it. */
    readonly status: number;
    /** The problem body: `type`, `title`, `status`, `detail` and, where they apply, `field`, `row`, `col`, `turn`, `shot`. */
    readonly problem: Problem;
    /** The response, for its headers (`Retry-After` on a 503, `Allow` on a 405). */
    readonly response: Response;

    constructor(problem: Problem, response: Response) {
        super(`${problem.status} ${problem.title}: ${problem.detail}`);
        this.name = "SonarProblem";
        this.status = response.status;
        this.problem = problem;
        this.response = response;
    }

    /** The problem's name, the end of its `type` (`invalid-board` for `urn:sonar:problem:invalid-board`). */
    get kind(): string {
        return this.problem.type.replace(/^urn:sonar:problem:/, "");
    }

    /** Reads a refusal's body as openapi-fetch returns it: the problem object, or text when it was not JSON (a proxy's page, say). */
    static from(body: unknown, response: Response): SonarProblem {
        if (isProblem(body)) {
            return new SonarProblem(body, response);
        }
        const detail = typeof body === "string" ? body : JSON.stringify(body ?? null);
        return new SonarProblem(
            { type: "about:blank", title: response.statusText || "Error", status: response.status, detail },
            response,
        );
    }
}

function isProblem(body: unknown): body is Problem {
    if (typeof body !== "object" || body === null) {
        return false;
    }
    const b = body as Record<string, unknown>;
    return (
        typeof b.type === "string" &&
        typeof b.title === "string" &&
        typeof b.status === "number" &&
        typeof b.detail === "string"
    );
}

/**
 * The answer of an openapi-fetch call, or a thrown `SonarProblem` when the service refused:
 * `const turn = unwrap(await sonar.POST("/recommend", { body }))`.
 */
export function unwrap<Result extends { data?: unknown; error?: unknown; response: Response }>(
    result: Result,
): Exclude<Result["data"], undefined> {
    if (result.error !== undefined || !result.response.ok) {
        throw SonarProblem.from(result.error, result.response);
    }
    return result.data as Exclude<Result["data"], undefined>;
}
