// A game as the page keeps it: fleets (ships with their cells) and the shots fired at them.

import { label } from "./board.js";

/**
 * The `blocked` part of a request (`POST /placement`, a history) for `islands` ([row, col] pairs):
 * their labels, or nothing where there are none.
 */
export function blocked(islands) {
  return islands.length ? { blocked: islands.map(([r, c]) => label(r, c)) } : {};
}

/** A ship: its length, first cell and direction. */
export class Ship {
  constructor(length, row, col, horizontal) {
    Object.assign(this, { length, row, col, horizontal });
  }

  get cells() {
    return Array.from({ length: this.length }, (_, i) =>
      this.horizontal ? [this.row, this.col + i] : [this.row + i, this.col],
    );
  }

  moved(row, col, horizontal = this.horizontal) {
    return new Ship(this.length, row, col, horizontal);
  }
}

/** The ships of a `POST /placement` answer. */
export function shipsFromPlacement(answer) {
  return answer.ships.map((s) => new Ship(s.length, s.cells[0].row, s.cells[0].col, s.horizontal));
}

/**
 * Why a fleet cannot stand on a rows x cols board, or null: a ship off the board, on an island (of
 * `islands`, [row, col] pairs), two ships on one cell, or (when ships may not touch) two ships
 * sharing an edge or a corner. `cells` lists the cells at fault.
 */
export function fleetFault(ships, rows, cols, touching, islands = []) {
  const owner = new Map();
  const land = new Set(islands.map(([r, c]) => r * cols + c));
  for (const [i, ship] of ships.entries()) {
    for (const [r, c] of ship.cells) {
      if (r < 0 || c < 0 || r >= rows || c >= cols) return { message: "a ship is off the board", cells: ship.cells, ship: i };
      if (land.has(r * cols + c)) return { message: "a ship is on an island", cells: [[r, c]], ship: i };
      const k = r * cols + c;
      if (owner.has(k)) return { message: "two ships on one cell", cells: [[r, c]], ship: i };
      owner.set(k, i);
    }
  }
  if (!touching) {
    for (const [i, ship] of ships.entries()) {
      for (const [r, c] of ship.cells) {
        for (let dr = -1; dr <= 1; dr++) {
          for (let dc = -1; dc <= 1; dc++) {
            const other = owner.get((r + dr) * cols + (c + dc));
            if (r + dr >= 0 && c + dc >= 0 && c + dc < cols && other !== undefined && other !== i) {
              return { message: "ships may not touch, not even at a corner", cells: [[r, c]], ship: i };
            }
          }
        }
      }
    }
  }
  return null;
}

/**
 * A hidden fleet and the shots fired at it, with the marks the shooter sees; `islands` ([row, col]
 * pairs) are marked '^' from the start and cannot be shot.
 */
export class Sea {
  constructor(rows, cols, ships, islands = []) {
    this.rows = rows;
    this.cols = cols;
    this.ships = ships.map((ship) => ({ ship, hits: 0 }));
    this.islands = islands;
    this.marks = blank(rows, cols, islands);
    this.shots = [];
  }

  shipAt(r, c) {
    return this.ships.find((s) => s.ship.cells.some(([sr, sc]) => sr === r && sc === c)) || null;
  }

  /**
   * Fires at a '.' cell: "miss", "hit" or "sunk" (then every cell of the ship becomes '#'). The
   * shot is recorded with its turn (default: one shot a turn) and the index of the ship it hit.
   */
  fire(r, c, turn = this.shots.length) {
    if (this.marks[r]?.[c] !== ".") throw new Error(`cell ${r},${c} is not an unshot cell of the board`);
    const target = this.shipAt(r, c);
    let result = "miss";
    if (!target) {
      this.marks[r][c] = "o";
    } else {
      target.hits += 1;
      this.marks[r][c] = "x";
      result = "hit";
      if (target.hits === target.ship.length) {
        for (const [sr, sc] of target.ship.cells) this.marks[sr][sc] = "#";
        result = "sunk";
      }
    }
    const ship = target ? this.ships.indexOf(target) : undefined;
    this.shots.push({ row: r, col: c, result, turn, ship, ...(result === "sunk" ? { length: target.ship.length } : {}) });
    return { result, ship: target?.ship || null };
  }

  /** Lengths of the ships not yet sunk. */
  afloat() {
    return this.ships.filter((s) => s.hits < s.ship.length).map((s) => s.ship.length);
  }

  allSunk() {
    return this.ships.every((s) => s.hits === s.ship.length);
  }

  hits() {
    return this.ships.reduce((n, s) => n + s.hits, 0);
  }

  unshot() {
    return this.marks.reduce((n, line) => n + line.filter((m) => m === ".").length, 0);
  }

  /** The board as the API reads it: one string a row. */
  board() {
    return this.marks.map((line) => line.join(""));
  }
}

/** Blank marks for a board, its `islands` ([row, col] pairs) '^'. */
export function blank(rows, cols, islands = []) {
  const marks = Array.from({ length: rows }, () => Array(cols).fill("."));
  for (const [r, c] of islands) if (r < rows && c < cols) marks[r][c] = "^";
  return marks;
}

/**
 * `n` island cells of a rows x cols sea (at most all but one of its cells), drawn from `seed`:
 * the same seed gives the same map. [row, col] pairs in row-major order.
 */
export function randomIslands(rows, cols, n, seed) {
  // A size or count out of range draws none: the service names the fault of such a request.
  const fits = (v) => Number.isInteger(v) && v >= 1 && v <= 26;
  if (!(n > 0) || !fits(rows) || !fits(cols)) return [];
  // mulberry32: a small seeded generator, enough to scatter islands. A seed that is no whole
  // number (the service refuses it) still draws a map.
  let a = /^\d+$/.test(String(seed)) ? Number(BigInt.asUintN(32, BigInt(seed))) >>> 0 : 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const cells = Array.from({ length: rows * cols }, (_, i) => i);
  const k = Math.max(0, Math.min(n, rows * cols - 1));
  for (let i = 0; i < k; i++) {
    const j = i + Math.floor(next() * (cells.length - i));
    [cells[i], cells[j]] = [cells[j], cells[i]];
  }
  return cells.slice(0, k).sort((x, y) => x - y).map((i) => [Math.floor(i / cols), i % cols]);
}

/**
 * The `ships` of a request from what a person typed: "5,4,3,3,2" or "5 4 3". Numbers become
 * numbers; anything else is sent as typed, so the service's own message names the fault.
 */
export function parseShips(text) {
  return text
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((t) => (/^\d+$/.test(t) ? Number(t) : t));
}

/**
 * The sunk ships a board's marks tell apart: each group of '#' cells joined by their edges that
 * is one straight run (a bent or branching group could be two ships, so it is left out).
 */
export function sunkRuns(marks) {
  const rows = marks.length;
  const cols = rows ? marks[0].length : 0;
  const seen = new Set();
  const runs = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      if (marks[r][c] !== "#" || seen.has(r * cols + c)) continue;
      const group = [];
      const stack = [[r, c]];
      seen.add(r * cols + c);
      while (stack.length) {
        const [gr, gc] = stack.pop();
        group.push([gr, gc]);
        for (const [nr, nc] of [[gr - 1, gc], [gr + 1, gc], [gr, gc - 1], [gr, gc + 1]]) {
          if (nr >= 0 && nc >= 0 && nr < rows && nc < cols && marks[nr][nc] === "#" && !seen.has(nr * cols + nc)) {
            seen.add(nr * cols + nc);
            stack.push([nr, nc]);
          }
        }
      }
      const sameRow = group.every(([gr]) => gr === group[0][0]);
      const sameCol = group.every(([, gc]) => gc === group[0][1]);
      if (!sameRow && !sameCol) continue;
      const top = group.reduce((a, b) => (b[0] < a[0] || b[1] < a[1] ? b : a));
      runs.push(new Ship(group.length, top[0], top[1], group.length > 1 && sameRow));
    }
  }
  return runs;
}
