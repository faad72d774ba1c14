// What every view shares: problems shown next to the field at fault, status messages.

import { label } from "./board.js";

/** Clears every problem message in `root`. */
export function clearProblems(root) {
  for (const el of root.querySelectorAll("[data-error-for]")) {
    el.textContent = "";
    el.hidden = true;
  }
  for (const el of root.querySelectorAll("[aria-invalid]")) el.removeAttribute("aria-invalid");
}

/**
 * Shows a problem (an api.js Problem, or {message, field}) next to the field it names: the element
 * `[data-error-for=FIELD]` in `root`, else `[data-error-for=general]`. The field's control is
 * marked aria-invalid and described by the message.
 */
export function showProblem(root, problem) {
  clearProblems(root);
  const field = problem.field || "general";
  // A path such as observations[2].cells[4] is shown by its field's slot (observations).
  const slot = root.querySelector(`[data-error-for="${field}"]`)
    || root.querySelector(`[data-error-for="${field.split(/[.[]/)[0]}"]`)
    || root.querySelector('[data-error-for="general"]');
  let text = problem.message;
  if (problem.row !== null && problem.row !== undefined && problem.col !== null && problem.col !== undefined) {
    text += ` (cell ${label(problem.row, problem.col)})`;
  }
  slot.textContent = text;
  slot.hidden = false;
  const control = root.querySelector(`[data-field="${slot.dataset.errorFor}"]`);
  if (control) {
    control.setAttribute("aria-invalid", "true");
    if (slot.id) control.setAttribute("aria-describedby", slot.id);
  }
  return slot;
}

/** Writes a status line (a live region, so screen readers announce it). */
export function say(el, text) {
  el.textContent = text;
}

/** Fills a <select> with the algorithms, the default first selected, each named by its measured mean shots. */
export function fillAlgorithms(select, algorithms, { none = false, pick = null } = {}) {
  select.replaceChildren();
  if (none) select.append(new Option("none", ""));
  for (const a of algorithms) {
    const strength = a.mean_shots ? ` (${a.mean_shots.toFixed(1)} shots at full strength)` : "";
    const option = new Option(`${a.name}${strength}`, a.name);
    option.title = a.summary;
    select.append(option);
  }
  select.value = pick ?? algorithms.find((a) => a.default)?.name ?? algorithms[0]?.name;
}

/** The default algorithm's row of GET /algorithms, which carries the levels' measured table. */
function measured(algorithms) {
  return algorithms.find((a) => a.levels) || null;
}

/** The budget a move of level 11 thinks, in milliseconds: full strength given time to plan ahead. */
export const THINKING_MS = 100;

/** The level a select names (1 to 10, or 11) as a request's `level` and `budget_ms`. */
export function levelRequest(value) {
  const level = Number(value);
  return level > 10 ? { level: 10, budget_ms: THINKING_MS } : { level };
}

/**
 * Fills a <select> with the strength levels 1 to 10, named by the default algorithm's measured
 * mean shots, and with `thinking` level 11: full strength thinking THINKING_MS a move, for the
 * algorithms that plan with a budget (GET /algorithms' `thinking`).
 */
export function fillLevels(select, algorithms, pick = 10, thinking = false) {
  const table = measured(algorithms)?.levels?.table || [];
  select.replaceChildren();
  for (let level = 1; level <= 10; level++) {
    const row = table.find((t) => t.level === level);
    const about = row ? ` (about ${Math.round(row.mean_shots)} shots)` : "";
    const name = level === 10 ? "10, full strength" : level === 1 ? "1, weakest" : String(level);
    select.append(new Option(`${name}${about}`, String(level)));
  }
  if (thinking && algorithms.some((a) => a.thinking)) {
    select.append(new Option(`11, thinks ${THINKING_MS} ms a move (bayes plans ahead)`, "11"));
  }
  select.value = String(pick);
}

/**
 * What a level is, written into `el` (the level <select>'s description): it weakens whichever
 * algorithm is chosen, levels below 10 err on purpose, and the shots named are the default
 * algorithm's measured means.
 */
export function explainLevels(el, algorithms) {
  const base = measured(algorithms);
  const table = base?.levels?.table || [];
  const at = (n) => table.find((t) => t.level === n)?.mean_shots;
  const range = at(1) && at(10) ? `: about ${Math.round(at(10))} shots at level 10, ${Math.round(at(1))} at level 1` : "";
  el.textContent =
    "Level 10 is the algorithm at full strength; 11, where offered, is full strength thinking " +
    `${THINKING_MS} ms a move, in which bayes plans ahead (other algorithms play as at 10); ` +
    "below 10 it makes deliberate mistakes on some turns " +
    "(marked ? on the board), more the lower the level. A level weakens whichever algorithm you pick; " +
    `the shots beside each level are measured for the default algorithm, ${base?.name ?? "bayes"}${range}.`;
}
