// A game as a backend records it: the fleet and the shots in order with what the defender
// answered under the announcement rule, as POST /recommend's `history` takes it.

import { label } from "./board.js";
import { blocked } from "./game.js";

/** The announcement rules, as `rules.announce` names them, with what each tells. */
export const ANNOUNCE = {
  "sunk-cells": "a sinking shows the ship's cells",
  sunk: "a sinking names the ship, not its cells",
  hit: "every hit names the ship it hit",
  none: "only hit or miss: nothing says a ship has sunk",
};

const CLASSIC = [
  ["carrier", 5],
  ["battleship", 4],
  ["cruiser", 3],
  ["submarine", 3],
  ["destroyer", 2],
];

/**
 * Names for a fleet's ships, in its order: the classic names when the lengths are the classic
 * fleet's (in any order), "ship 1", "ship 2"... otherwise.
 */
export function shipNames(lengths) {
  const sorted = [...lengths].sort((a, b) => b - a);
  const classic = sorted.length === CLASSIC.length && sorted.every((l, i) => l === CLASSIC[i][1]);
  if (!classic) return lengths.map((_, i) => `ship ${i + 1}`);
  const left = CLASSIC.map(([name, length]) => ({ name, length }));
  return lengths.map((length) => left.splice(left.findIndex((s) => s.length === length), 1)[0].name);
}

/**
 * What a shooter of `sea` is told under `announce`: `{ what, name }` for one shot's result
 * ("miss", "hit", "sunk"), `name` the ship's when the rule names it.
 */
export function told(result, name, announce) {
  if (result === "miss") return { what: "miss" };
  if (announce === "none") return { what: "hit" };
  if (result === "sunk") return { what: "sunk", ...(announce === "sunk-cells" ? {} : { name }) };
  return announce === "hit" ? { what: "hit", name } : { what: "hit" };
}

/**
 * The `history` of the shots fired at `sea` (a `Sea`, each shot with its `turn`) under
 * `announce`, one shot a turn (`shots`) or grouped by turn when `salvo` is above 1 (`salvoes`).
 */
export function historyOf(sea, announce, salvo) {
  const names = shipNames(sea.ships.map((s) => s.ship.length));
  const fleet = sea.ships.map((s, i) => ({ name: names[i], length: s.ship.length }));
  const sinking = (shot) => {
    const ship = sea.ships[shot.ship];
    return announce === "sunk-cells"
      ? { ship: names[shot.ship], cells: ship.ship.cells.map(([r, c]) => label(r, c)) }
      : names[shot.ship];
  };
  const answer = (shot) => {
    const t = told(shot.result, names[shot.ship], announce);
    return { cell: label(shot.row, shot.col), result: t.what, ...(t.name && announce === "hit" ? { ship: t.name } : {}) };
  };
  if (salvo <= 1) {
    const shots = sea.shots.map((shot) => {
      const a = answer(shot);
      if (a.result !== "sunk") return a;
      const s = sinking(shot);
      return typeof s === "string" ? { ...a, ship: s } : { ...a, ship: s.ship, cells: s.cells };
    });
    return { rows: sea.rows, cols: sea.cols, fleet, ...blocked(sea.islands || []), shots };
  }
  const salvoes = [];
  for (const shot of sea.shots) {
    while (salvoes.length <= shot.turn) salvoes.push({ shots: [], sunk: [] });
    const a = answer(shot);
    const turn = salvoes[shot.turn];
    turn.shots.push({ ...a, result: a.result === "sunk" ? "hit" : a.result });
    if (a.result === "sunk") turn.sunk.push(sinking(shot));
  }
  return { rows: sea.rows, cols: sea.cols, fleet, ...blocked(sea.islands || []), salvoes: salvoes.filter((t) => t.shots.length) };
}


/**
 * The position part of a POST /recommend request for the shots at `sea`: board strings under
 * `sunk-cells` (unless `asHistory`), the history otherwise.
 */
export function position(sea, rules, asHistory = false) {
  const announce = rules.announce || "sunk-cells";
  if (announce === "sunk-cells" && !asHistory) return { board: sea.board(), ships: sea.afloat(), rules };
  return { history: historyOf(sea, announce, rules.salvo || 1), rules };
}
