// What the computer learns of a player: the fleets they hid, kept in this browser's localStorage
// (never on the server), one history per board size and fleet, and the model POST /opponent
// fits from them.

import { fitOpponent } from "./api.js";
import { Ship, fleetFault } from "./game.js";
import { forgetPrefix, latestWithin } from "./stored.js";

const PREFIX = "sonar.fleets.";
/** Most fleets kept per board size and fleet (the most POST /opponent fits). */
export const KEEP = 200;
/** The request body limit is 256 KiB: fit the most recent fleets that fit well within it. */
const MAX_BODY = 240_000;

/** The storage key of a board size and fleet: "sonar.fleets.10x10.5,4,3,3,2". */
export function storageKey(rows, cols, ships) {
  return `${PREFIX}${rows}x${cols}.${ships.join(",")}`;
}

/** A fleet in the board format of POST /placement: a row a string, each ship its own letter. */
export function fleetBoard(ships, rows, cols) {
  const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!$";
  const lines = Array.from({ length: rows }, () => Array(cols).fill("."));
  ships.forEach((ship, i) => ship.cells.forEach(([r, c]) => (lines[r][c] = letters[i])));
  return lines.map((line) => line.join(""));
}

/** The ships of a board-format fleet (each letter's cells, a straight run). */
export function shipsOfBoard(board) {
  const cells = new Map();
  board.forEach((line, r) => [...line].forEach((ch, c) => ch !== "." && cells.set(ch, [...(cells.get(ch) || []), [r, c]])));
  return [...cells.values()].map((run) => new Ship(run.length, run[0][0], run[0][1], run.length > 1 && run[1][0] === run[0][0]));
}

/** Whether a stored entry is a board: `rows` strings of `cols` characters. */
const isBoard = (f, rows, cols) => Array.isArray(f) && f.length === rows && f.every((r) => typeof r === "string" && r.length === cols);

/** The stored fleets of a board size and fleet, oldest first (unreadable entries left out). */
export function history(rows, cols, ships) {
  try {
    const stored = JSON.parse(localStorage.getItem(storageKey(rows, cols, ships)) || "[]");
    return Array.isArray(stored) ? stored.filter((f) => isBoard(f, rows, cols)) : [];
  } catch {
    return [];
  }
}

/** Stores one more fleet of a game, dropping the oldest beyond KEEP. */
export function remember(rows, cols, ships, board) {
  const fleets = [...history(rows, cols, ships), board].slice(-KEEP);
  localStorage.setItem(storageKey(rows, cols, ships), JSON.stringify(fleets));
  return fleets.length;
}

/** Forgets every stored fleet, of every board size and fleet. */
export function forgetAll() {
  forgetPrefix(PREFIX);
}

/**
 * The fleets a fit under `rules` can read: under the no-touch rules those whose ships touch are
 * left out; the most recent that fit the request body limit.
 */
export function usable(fleets, rows, cols, rules) {
  const standing = fleets.filter((f) => !fleetFault(shipsOfBoard(f), rows, cols, rules.touching));
  return latestWithin(standing, MAX_BODY);
}

/** POST /opponent: the model fitted from `fleets` (and `games`, how many it fitted). */
export function fit(rows, cols, ships, rules, fleets) {
  return fitOpponent({ rows, cols, ships, rules: { touching: rules.touching }, fleets });
}

/** The GET /algorithms entry's opponent note of `name`: null when the algorithm ignores a model. */
export function opponentNote(algorithms, name) {
  return algorithms.find((a) => a.name === name)?.opponent ?? null;
}

/** The algorithms that use a model, by name. */
export function learners(algorithms) {
  return algorithms.filter((a) => a.opponent).map((a) => a.name);
}
