// A board drawn as a grid of cells: the shooter's marks, an optional heat map, ships, the
// recommended shot and candidates. Keyboard: one cell is in the tab order, the arrow keys move
// between cells, Enter or Space acts on the focused one.

import { colour, darkText, gradient } from "./viridis.js";

export const MARK = { ".": "", o: "•", x: "✕", "#": "■", "^": "▲", s: "◆" };
export const STATE_NAME = { ".": "not shot", o: "miss", x: "hit", "#": "sunk", "^": "island", s: "ship seen, not hit" };

/** The cell label the API uses: row letter, column number (B3 is row 1, column 2). */
export function label(row, col) {
  return `${String.fromCharCode(65 + row)}${col + 1}`;
}

/** The shortest decimal that tells grid values apart on screen. */
export function format(value) {
  if (value === null || value === undefined) return "";
  if (Number.isInteger(value)) return String(value);
  return value >= 100 ? value.toFixed(0) : value.toPrecision(3);
}

/**
 * A board in `container`. `options`:
 *   caption: the board's accessible name;
 *   onActivate(row, col, event): called on click, Enter or Space (omit for a read-only board);
 *   onHover(row, col | null): called when the pointer or focus enters a cell or leaves the board.
 */
export class BoardView {
  constructor(container, options = {}) {
    this.container = container;
    this.options = options;
    this.rows = 0;
    this.cols = 0;
    this.focus = [0, 0];
    this.cells = [];
    this.grid = document.createElement("div");
    this.grid.className = "board";
    this.grid.setAttribute("role", "grid");
    if (options.caption) this.grid.setAttribute("aria-label", options.caption);
    container.replaceChildren(this.grid);
    this.grid.addEventListener("keydown", (e) => this.key(e));
    this.grid.addEventListener("click", (e) => {
      const cell = e.target.closest(".cell");
      if (cell && this.options.onActivate) this.options.onActivate(+cell.dataset.row, +cell.dataset.col, e);
    });
    this.grid.addEventListener("pointerover", (e) => {
      const cell = e.target.closest(".cell");
      if (cell && this.options.onHover) this.options.onHover(+cell.dataset.row, +cell.dataset.col);
    });
    this.grid.addEventListener("pointerleave", () => this.options.onHover?.(null));
    this.grid.addEventListener("focusin", (e) => {
      const cell = e.target.closest(".cell");
      if (!cell) return;
      this.focus = [+cell.dataset.row, +cell.dataset.col];
      this.options.onHover?.(this.focus[0], this.focus[1]);
    });
  }

  /** (Re)builds the cells for a board of this size. */
  resize(rows, cols) {
    if (rows === this.rows && cols === this.cols) return;
    this.rows = rows;
    this.cols = cols;
    this.focus = [Math.min(this.focus[0], rows - 1), Math.min(this.focus[1], cols - 1)];
    this.grid.style.setProperty("--cols", cols);
    const children = [document.createElement("span")];
    children[0].className = "corner";
    for (let c = 0; c < cols; c++) {
      const h = document.createElement("span");
      h.className = "head";
      h.setAttribute("aria-hidden", "true");
      h.textContent = c + 1;
      children.push(h);
    }
    this.cells = [];
    for (let r = 0; r < rows; r++) {
      const h = document.createElement("span");
      h.className = "head";
      h.setAttribute("aria-hidden", "true");
      h.textContent = String.fromCharCode(65 + r);
      children.push(h);
      const line = [];
      for (let c = 0; c < cols; c++) {
        const cell = document.createElement("button");
        cell.type = "button";
        cell.className = "cell";
        cell.dataset.row = r;
        cell.dataset.col = c;
        cell.dataset.label = label(r, c);
        cell.setAttribute("role", "gridcell");
        cell.tabIndex = r === this.focus[0] && c === this.focus[1] ? 0 : -1;
        line.push(cell);
        children.push(cell);
      }
      this.cells.push(line);
    }
    this.grid.replaceChildren(...children);
  }

  /**
   * Draws a board. `view`: rows of '.', 'o', 'x', '#', '^', 's' (the shooter's marks, '^' an island,
   * 's' a cell a reveal showed holds a ship); optional `grid`
   * (values per cell, drawn as a heat map on the '.' cells), `ships` (ships with `cells`,
   * `length` and `horizontal`: each drawn as one outlined piece, over the heat map if any),
   * `revealed` (the ships are a hidden fleet shown: their unshot cells read "not found"),
   * `shot` / `shots` ({row, col}: the recommendation), `candidates` ({row, col, value}, best
   * first), `mistakes` ({row, col, level}: shots that were deliberate mistakes), `preview`
   * (cells of a ship being moved), `invalid` (cells at fault).
   */
  draw(view) {
    const rows = view.marks.length;
    const cols = rows ? view.marks[0].length : 0;
    this.resize(rows, cols);
    const grid = view.grid || null;
    let max = 0;
    if (grid) for (const line of grid) for (const v of line) if (v > max) max = v;
    this.max = max;
    const shipAt = new Map();
    (view.ships || []).forEach((ship, id) => {
      ship.cells.forEach(([r, c], i) => {
        const part = ship.length === 1 ? "solo" : i === 0 ? "head" : i === ship.length - 1 ? "tail" : "mid";
        shipAt.set(r * cols + c, { ship, id, part });
      });
    });
    const mistakes = new Map((view.mistakes || []).map((m) => [m.row * cols + m.col, m.level]));
    const key = (p) => p.row * cols + p.col;
    const shots = new Set((view.shots || (view.shot ? [view.shot] : [])).map(key));
    const candidates = new Map((view.candidates || []).map((p, i) => [key(p), i + 1]));
    const preview = new Set((view.preview || []).map(([r, c]) => r * cols + c));
    const invalid = new Set((view.invalid || []).map(([r, c]) => r * cols + c));
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < cols; c++) {
        const cell = this.cells[r][c];
        const mark = view.marks[r][c];
        const value = grid ? grid[r][c] : null;
        const piece = shipAt.get(r * cols + c);
        const ship = piece?.ship;
        const heat = grid && mark === "." ? (max > 0 ? value / max : 0) : null;
        cell.dataset.state = mark;
        cell.textContent = MARK[mark] ?? "";
        if (value === null) delete cell.dataset.value;
        else cell.dataset.value = String(value);
        cell.style.backgroundColor = heat === null ? "" : colour(heat);
        cell.classList.toggle("heat", heat !== null);
        cell.classList.toggle("dark-text", heat !== null && darkText(heat));
        cell.classList.toggle("ship", Boolean(ship));
        cell.classList.toggle("unfound", Boolean(ship && view.revealed && mark === "."));
        if (piece) {
          cell.dataset.ship = piece.id;
          cell.dataset.part = piece.part;
          cell.dataset.dir = ship.horizontal ? "h" : "v";
        } else {
          delete cell.dataset.ship;
          delete cell.dataset.part;
          delete cell.dataset.dir;
        }
        const mistake = mistakes.get(r * cols + c);
        cell.classList.toggle("mistake", mistake !== undefined);
        if (mistake !== undefined) {
          const badge = document.createElement("span");
          badge.className = "badge";
          badge.setAttribute("aria-hidden", "true");
          badge.textContent = "?";
          cell.append(badge);
        }
        cell.classList.toggle("shot", shots.has(r * cols + c));
        cell.classList.toggle("preview", preview.has(r * cols + c));
        cell.classList.toggle("invalid", invalid.has(r * cols + c));
        cell.classList.toggle("selected", Boolean(ship && view.selected && ship === view.selected));
        const rank = candidates.get(r * cols + c);
        if (rank) cell.dataset.candidate = rank;
        else delete cell.dataset.candidate;
        const parts = [label(r, c), STATE_NAME[mark] ?? mark];
        if (ship) parts.push(`ship of ${ship.length}${view.revealed && mark === "." ? ", not found" : ""}`);
        if (mistake !== undefined) parts.push(`a deliberate mistake at level ${mistake}`);
        if (value !== null) parts.push(`value ${format(value)}`);
        if (shots.has(r * cols + c)) parts.push("recommended shot");
        if (rank) parts.push(`candidate ${rank}`);
        cell.setAttribute("aria-label", parts.join(", "));
        cell.title = parts.join(" · ");
      }
    }
  }

  cell(row, col) {
    return this.cells[row]?.[col] || null;
  }

  /** Focuses a cell and makes it the one in the tab order. */
  moveFocus(row, col) {
    const [r0, c0] = this.focus;
    this.cell(r0, c0)?.setAttribute("tabindex", "-1");
    this.focus = [row, col];
    const cell = this.cell(row, col);
    cell.tabIndex = 0;
    cell.focus();
  }

  key(e) {
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (this.options.onKey && this.options.onKey(e, this.focus[0], this.focus[1])) {
      e.preventDefault();
      return;
    }
    if (moves[e.key]) {
      e.preventDefault();
      const [dr, dc] = moves[e.key];
      const r = Math.min(this.rows - 1, Math.max(0, this.focus[0] + dr));
      const c = Math.min(this.cols - 1, Math.max(0, this.focus[1] + dc));
      this.moveFocus(r, c);
    } else if (e.key === "Home" || e.key === "End") {
      e.preventDefault();
      this.moveFocus(this.focus[0], e.key === "Home" ? 0 : this.cols - 1);
    }
  }
}

/** The colour legend of a heat map: the scale from 0 to `max`, and what the marks mean. */
export function legend(container, max, kind, extra = "") {
  container.replaceChildren();
  container.classList.add("legend");
  const scale = document.createElement("div");
  scale.className = "scale";
  const bar = document.createElement("span");
  bar.className = "bar";
  bar.style.backgroundImage = gradient();
  const low = document.createElement("span");
  low.textContent = "0";
  const high = document.createElement("span");
  high.textContent = format(max);
  scale.append(low, bar, high);
  const what = document.createElement("p");
  what.className = "what";
  what.textContent =
    kind === "probability"
      ? "colour: probability that the cell holds a ship (brightest = most likely)"
      : kind === "prior"
        ? "colour: how much the computer expects a ship on the cell, from your past fleets (brightest = most)"
        : `colour: the algorithm's ${kind || "score"} for the cell (brightest = highest)`;
  const marks = document.createElement("p");
  marks.className = "marks";
  marks.textContent = "• miss   ✕ hit   ■ sunk   ◎ recommended shot";
  if (extra) marks.textContent += `   ${extra}`;
  container.append(scale, what, marks);
}

/** A table of a grid's values for screen readers and for reading off exact figures. */
export function valuesTable(container, grid, marks, caption) {
  const details = document.createElement("details");
  const summary = document.createElement("summary");
  summary.textContent = "Values as a table";
  const table = document.createElement("table");
  table.className = "values";
  const cap = document.createElement("caption");
  cap.textContent = caption;
  const head = document.createElement("tr");
  head.append(document.createElement("th"));
  for (let c = 0; c < grid[0].length; c++) {
    const th = document.createElement("th");
    th.scope = "col";
    th.textContent = c + 1;
    head.append(th);
  }
  const body = [head];
  grid.forEach((line, r) => {
    const tr = document.createElement("tr");
    const th = document.createElement("th");
    th.scope = "row";
    th.textContent = String.fromCharCode(65 + r);
    tr.append(th);
    line.forEach((v, c) => {
      const td = document.createElement("td");
      const mark = marks[r][c];
      td.textContent = mark === "." ? format(v) : `${STATE_NAME[mark]}`;
      tr.append(td);
    });
    body.push(tr);
  });
  table.append(cap, ...body);
  details.append(summary, table);
  container.replaceChildren(details);
}

/**
 * A fleet tray: one glyph a ship, as many squares as the ship is long, struck through once sunk.
 * `ships`: [{length, sunk}] in the fleet's order.
 */
export function tray(container, ships, whose) {
  const afloat = ships.filter((s) => !s.sunk).length;
  container.classList.add("tray");
  container.setAttribute("aria-label", `${whose}: ${afloat} of ${ships.length} ships afloat`);
  container.replaceChildren(
    ...ships.map((s) => {
      const li = document.createElement("li");
      li.className = s.sunk ? "sunk" : "afloat";
      li.style.setProperty("--len", s.length);
      li.title = `ship of ${s.length}, ${s.sunk ? "sunk" : "afloat"}`;
      const text = document.createElement("span");
      text.className = "sr";
      text.textContent = li.title;
      li.append(text);
      li.dataset.length = s.length;
      return li;
    }),
  );
}
