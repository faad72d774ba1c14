// What the computer learns of how a player searches: each game's shots at the computer's waters,
// kept in this browser's localStorage (never on the server), one history per board size; in "hard
// to find" mode POST /placement reads them (style adaptive) and hides the computer's fleet where
// this player looks last.

import { forgetPrefix, latestWithin } from "./stored.js";

const PREFIX = "sonar.searches.";
/** Most searches kept per board size (the most POST /placement reads). */
export const KEEP = 200;
/** The request body limit is 256 KiB: send the most recent searches that fit well within it. */
const MAX_BODY = 200_000;

/** The storage key of a board size: "sonar.searches.10x10". */
export function storageKey(rows, cols) {
  return `${PREFIX}${rows}x${cols}`;
}

const LABEL = (r, c) => `${String.fromCharCode(65 + r)}${c + 1}`;

/** A game's shots (Sea.shots) as POST /placement reads a search: "E5o", "C3x", "C5#3". */
export function searchOf(shots) {
  return shots.map((s) => LABEL(s.row, s.col) + (s.result === "miss" ? "o" : s.result === "hit" ? "x" : `#${s.length}`));
}

const isSearch = (s) => Array.isArray(s) && s.every((t) => typeof t === "string" && /^[A-Z][1-9][0-9]*(o|x|#[1-9][0-9]*)$/.test(t));

/** The stored searches of a board size, oldest first (unreadable entries left out). */
export function searches(rows, cols) {
  try {
    const stored = JSON.parse(localStorage.getItem(storageKey(rows, cols)) || "[]");
    return Array.isArray(stored) ? stored.filter(isSearch) : [];
  } catch {
    return [];
  }
}

/** Stores one more game's search, dropping the oldest beyond KEEP; returns how many are kept. */
export function rememberSearch(rows, cols, search) {
  if (search.length === 0) return searches(rows, cols).length;
  const all = [...searches(rows, cols), search].slice(-KEEP);
  localStorage.setItem(storageKey(rows, cols), JSON.stringify(all));
  return all.length;
}

/** Forgets every stored search, of every board size. */
export function forgetSearches() {
  forgetPrefix(PREFIX);
}

/** The most recent searches that fit the request body limit. */
export function sendable(all) {
  return latestWithin(all, MAX_BODY);
}

/** The line under the computer's waters: what it has seen of this player's searching. */
export function seenLine(n, answer) {
  if (n === 0) return "The computer has not seen you search yet: it watches where you shoot, kept in this browser only.";
  const games = `${n} game${n === 1 ? "" : "s"}`;
  if (!answer) return `It has seen how you searched in ${games}.`;
  if (!answer.habit) return `It has seen how you searched in ${games}, and no habit yet: its fleet is anywhere.`;
  // The service leans the ships apart against a habit that does not avoid the water beside the
  // ships found (beside_ships from 0.85; docs/hiding.md).
  const apart = answer.beside_ships >= 0.85 ? ", its ships kept apart" : "";
  return `It has seen how you searched in ${games} and hid its fleet where you look last${apart}.`;
}
