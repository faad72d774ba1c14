// Analyse: edit a board, pick one or two algorithms, and see each one's grid as a heat map with
// its recommended shot, as POST /recommend returns them.

import { Problem, recommend } from "./api.js";
import { BoardView, STATE_NAME, format, label, legend, valuesTable } from "./board.js";
import { blank, parseShips, sunkRuns } from "./game.js";
import { parseScans } from "./scans.js";
import { clearProblems, say, showProblem } from "./ui.js";

const CYCLE = { ".": "o", o: "x", x: "#", "#": "s", s: "^", "^": "." };

export function setupAnalyse(root) {
  const $ = (id) => root.querySelector(`#${id}`);
  const hover = $("an-hover");
  let marks = blank(10, 10);
  let faulty = [];
  let pending = null;
  let generation = 0;

  const editor = new BoardView($("an-board"), {
    caption: "The board to analyse",
    onActivate: (r, c) => {
      marks[r][c] = CYCLE[marks[r][c]];
      drawEditor();
      say(hover, `${label(r, c)}: ${STATE_NAME[marks[r][c]]}`);
      schedule();
    },
  });
  const results = ["a", "b"].map((k) => ({ figure: $(`an-result-${k}`), view: null, answer: null }));

  function drawEditor() {
    editor.draw({ marks, invalid: faulty, ships: sunkRuns(marks) });
  }

  function resize() {
    const rows = Math.max(1, Math.min(26, Number($("an-rows").value) || 10));
    const cols = Math.max(1, Math.min(26, Number($("an-cols").value) || 10));
    marks = Array.from({ length: rows }, (_, r) => Array.from({ length: cols }, (_, c) => marks[r]?.[c] ?? "."));
    drawEditor();
  }

  function request(algorithm) {
    const seed = $("an-seed").value.trim();
    const observations = parseScans($("an-scans").value);
    return {
      board: marks.map((line) => line.join("")),
      ...(observations.length ? { observations } : {}),
      ships: parseShips($("an-ships").value),
      algorithm,
      rules: { touching: $("an-touching").checked, salvo: Number($("an-salvo").value) },
      budget_ms: Number($("an-budget").value),
      ...(seed === "" ? {} : { seed: /^\d+$/.test(seed) ? Number(seed) : seed }),
    };
  }

  function schedule() {
    clearTimeout(pending);
    pending = setTimeout(run, 150);
  }

  async function run() {
    clearTimeout(pending);
    const mine = ++generation;
    const names = [$("an-alg-a").value, $("an-alg-b").value];
    root.querySelector(".results").setAttribute("aria-busy", "true");
    try {
      const asked = names.map((name) => (name ? request(name) : null));
      const answers = await Promise.all(asked.map((body) => (body ? recommend(body) : null)));
      if (mine !== generation) return; // a newer edit is on its way
      faulty = [];
      clearProblems(root);
      answers.forEach((answer, i) => show(results[i], answer, asked[i]));
    } catch (err) {
      if (mine !== generation) return;
      if (!(err instanceof Problem) && err?.field !== "observations") throw err;
      faulty = err.field === "board" && err.row !== null && err.col !== null ? [[err.row, err.col]] : [];
      showProblem(root, err);
      for (const r of results) r.figure.classList.add("stale");
    } finally {
      if (mine === generation) root.querySelector(".results").removeAttribute("aria-busy");
    }
    drawEditor();
  }

  function show(result, answer, asked) {
    const { figure } = result;
    figure.hidden = !answer;
    figure.classList.remove("stale");
    result.answer = answer;
    if (!answer) return;
    if (!result.view) {
      figure.innerHTML = "";
      const caption = document.createElement("figcaption");
      const board = document.createElement("div");
      const key = document.createElement("div");
      const table = document.createElement("div");
      const lines = document.createElement("div");
      lines.className = "lines";
      const spent = document.createElement("p");
      spent.className = "compute";
      figure.append(caption, spent, board, key, lines, table);
      result.parts = { caption, spent, key, table, lines };
      result.view = new BoardView(board, {
        caption: "heat map",
        onHover: (r, c) => {
          if (r === null || !result.answer) return say(hover, "");
          const v = result.answer.grid[r][c];
          say(hover, `${result.answer.algorithm}, ${label(r, c)}: ${STATE_NAME[asked.board[r][c]]}, value ${format(v)} (${v})`);
        },
      });
    }
    const { caption, spent, key, table, lines } = result.parts;
    showCompute(spent, answer.compute);
    showPlan(lines, answer);
    const salvo = answer.shots.length > 1 ? `, salvo ${answer.shots.map((s) => s.label).join(" ")}` : "";
    caption.textContent = `${answer.algorithm}: shoot ${answer.shot.label}${salvo} (${answer.mode} mode${
      answer.exact === false ? ", sampled estimate" : ""})`;
    result.view.grid.setAttribute("aria-label", `${answer.algorithm}'s ${answer.grid_kind} grid`);
    const shown = asked.board.map((line) => [...line]);
    result.view.draw({ marks: shown, grid: answer.grid, shots: answer.shots, ships: sunkRuns(shown) });
    legend(key, result.view.max, answer.grid_kind);
    valuesTable(table, answer.grid, asked.board, `${answer.algorithm}'s ${answer.grid_kind} per cell (row letter, column number)`);
  }

  /** Where the answer is not the whole work of the budget asked for, what it rests on instead. */
  function showCompute(el, compute) {
    el.hidden = !compute;
    if (!compute) return;
    const stage = { sampling: "while sampling the posterior", counting: "before any posterior (the grid is the placement count)",
      rollouts: "while playing out the candidates" };
    const busy = compute.budget_ms < compute.asked_ms
      ? `The service was busy: computed at ${compute.budget_ms} ms instead of the ${compute.asked_ms} ms asked.` : "";
    const cut = compute.cut_short
      ? `Cut short: the machine could not keep ${compute.budget_ms} ms, the clock stopped the work after ${compute.spent_ms} ms ${
        stage[compute.stage] ?? compute.stage}; this answer rests on the work done by then.` : "";
    el.textContent = [busy, cut].filter(Boolean).join(" ");
  }

  /** The candidate lines of bayes's plan (a budget above 10 ms), as an engine shows its lines. */
  function showPlan(el, answer) {
    el.replaceChildren();
    const plan = answer.plan;
    el.hidden = !plan;
    if (!plan) return;
    const title = document.createElement("p");
    const from = { every: "every agreeing layout", exact: "layouts drawn exactly", resampled: "layouts resampled from the sampled posterior" };
    title.textContent = `Thought ahead on ${plan.layouts} ${from[plan.layouts_from] ?? plan.layouts_from}: each candidate played out to the end`;
    const t = document.createElement("table");
    t.innerHTML = "<thead><tr><th scope='col'>Cell</th><th scope='col'>Probability</th><th scope='col'>Shots to finish</th><th scope='col'>± s.e.</th><th scope='col'></th></tr></thead>";
    const body = document.createElement("tbody");
    plan.candidates.forEach((line, k) => {
      const row = document.createElement("tr");
      if (k === plan.chosen) row.className = "chosen";
      const cells = [line.label, line.probability.toFixed(3), line.mean_shots.toFixed(2), line.std_error.toFixed(2),
        k === plan.chosen ? "shot" : ""];
      for (const text of cells) {
        const td = document.createElement("td");
        td.textContent = text;
        row.append(td);
      }
      body.append(row);
    });
    t.append(body);
    el.append(title, t);
    if (answer.why) {
      const why = document.createElement("p");
      why.className = "why";
      why.textContent = `Why ${answer.shot.label}: ${answer.why}`;
      el.append(why);
    }
  }

  $("an-clear").addEventListener("click", () => {
    marks = blank(marks.length, marks[0].length);
    drawEditor();
    schedule();
  });
  $("an-run").addEventListener("click", run);
  for (const id of ["an-rows", "an-cols"]) $(id).addEventListener("change", () => { resize(); schedule(); });
  for (const id of ["an-ships", "an-touching", "an-salvo", "an-alg-a", "an-alg-b", "an-seed", "an-budget", "an-scans"]) {
    $(id).addEventListener("change", schedule);
  }
  drawEditor();
  return { run };
}
