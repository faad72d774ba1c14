// The service's API as the page uses it: POST /recommend, POST /placement, POST /opponent,
// GET /algorithms.
// Every failure becomes a Problem carrying the service's problem+json body.

const KEY_STORAGE = "sonar.apiKey";

/** An error answer of the service (RFC 9457 problem details), or a network failure. */
export class Problem extends Error {
  constructor(body, status) {
    super(body.detail || body.title || `HTTP ${status}`);
    this.status = status;
    this.body = body;
    /** The request field at fault ("board", "ships", "rules", "level", ...), when the service names one. */
    this.field = body.field || null;
    this.row = body.row ?? null;
    this.col = body.col ?? null;
  }
}

export function apiKey() {
  return sessionStorage.getItem(KEY_STORAGE) || "";
}

export function setApiKey(key) {
  if (key) sessionStorage.setItem(KEY_STORAGE, key);
  else sessionStorage.removeItem(KEY_STORAGE);
}

let onUnauthorized = () => {};
/** Called with the Problem when the service asks for an API key (401). */
export function whenUnauthorized(callback) {
  onUnauthorized = callback;
}

async function send(method, path, body) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const key = apiKey();
  if (key) headers.Authorization = `Bearer ${key}`;
  let res;
  try {
    res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (err) {
    throw new Problem({ title: "Service unreachable", detail: `the service did not answer: ${err.message}` }, 0);
  }
  const text = await res.text();
  let json;
  try {
    json = text ? JSON.parse(text) : {};
  } catch {
    json = { title: `HTTP ${res.status}`, detail: text.slice(0, 200) };
  }
  if (!res.ok) {
    const problem = new Problem(json, res.status);
    if (res.status === 401) onUnauthorized(problem);
    throw problem;
  }
  return json;
}

/** The shot, salvo, grid and candidates for a position. */
export function recommend(request) {
  return send("POST", "/recommend", request);
}

/** A layout of a whole fleet. */
export function placement(request) {
  return send("POST", "/placement", request);
}

/** A model of a player's habits fitted from their past fleets. */
export function fitOpponent(request) {
  return send("POST", "/opponent", request);
}

let algorithms = null;
/** Every algorithm with its measured strength, and the default one's levels (fetched once). */
export function listAlgorithms() {
  algorithms ??= send("GET", "/algorithms").catch((err) => {
    algorithms = null;
    throw err;
  });
  return algorithms;
}

/** A fresh 32-bit seed. */
export function freshSeed() {
  return crypto.getRandomValues(new Uint32Array(1))[0];
}
