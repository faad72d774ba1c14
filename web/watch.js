// Watch: the computer plays a hidden fleet move by move, at a chosen speed, showing the grid it
// shot from; the game's shots can be copied as JSON. Its learning view is watch-learning.js.

import { freshSeed, placement, recommend } from "./api.js";
import { BoardView, legend, tray } from "./board.js";
import { Sea, blocked, parseShips, randomIslands, shipsFromPlacement } from "./game.js";
import { position } from "./history.js";
import { clearProblems, say, showProblem } from "./ui.js";
import { setupWatchLearning } from "./watch-learning.js";

/** Milliseconds between moves for the speed slider's value (0 slow ... 100 fast). */
export function delay(speed) {
  return Math.round(2000 * Math.pow(0.02, speed / 100)); // 2 s down to 40 ms
}

export function setupWatch(root) {
  const $ = (id) => root.querySelector(`#${id}`);
  const status = $("watch-status");
  const board = new BoardView($("watch-board"), { caption: "The hidden fleet's waters" });
  // `placed` is the fleet's settings as asked for (the seed as typed): a change event that changes
  // none of them keeps the game. `fleets` counts the fleets asked for, so that only the newest
  // placement's answer is played.
  const w = { sea: null, seed: 0, placed: null, fleets: 0, running: false, busy: false, timer: null, grid: null, shots: [], turns: 0, kind: "probability", mistakes: [] };

  const settings = () => {
    const seed = $("watch-seed").value.trim();
    return {
      rows: Number($("watch-rows").value),
      cols: Number($("watch-cols").value),
      ships: parseShips($("watch-ships").value),
      rules: { touching: $("watch-touching").checked, salvo: Number($("watch-salvo").value), announce: $("watch-announce").value },
      algorithm: $("watch-algorithm").value,
      level: Number($("watch-level").value),
      style: $("watch-style").value,
      islands: Math.max(0, Math.round(Number($("watch-islands").value)) || 0),
      seed: seed === "" ? null : /^\d+$/.test(seed) ? Number(seed) : seed,
    };
  };

  function draw() {
    if (!w.sea) return;
    // The ships sunk so far are known, so drawn; the whole hidden fleet when asked for or at the end.
    const all = $("watch-reveal").checked || w.sea.allSunk();
    board.draw({
      marks: w.sea.marks,
      grid: w.sea.allSunk() ? null : w.grid,
      shots: w.shots,
      ships: w.sea.ships.filter((s) => all || s.hits === s.ship.length).map((s) => s.ship),
      revealed: all,
      mistakes: w.mistakes,
    });
    tray($("watch-tray"), w.sea.ships.map((s) => ({ length: s.ship.length, sunk: s.hits === s.ship.length })), "The hidden fleet");
    if (w.grid && !w.sea.allSunk()) legend($("watch-legend"), board.max, w.kind, w.mistakes.length ? "? a deliberate mistake" : "");
    else $("watch-legend").replaceChildren();
    $("watch-count").textContent = w.sea.shots.length;
    $("watch-hits").textContent = w.sea.hits();
    $("watch-sunk").textContent = `${w.sea.ships.length - w.sea.afloat().length} of ${w.sea.ships.length}`;
    // The game as the computer was told it: a request POST /recommend takes as it is.
    const set = settings();
    $("watch-shots").value = JSON.stringify({ ...position(w.sea, set.rules, true), algorithm: set.algorithm, seed: w.seed }, null, 1);
    $("watch-play").textContent = w.running ? "Pause" : "Play";
    $("watch-play").disabled = w.sea.allSunk();
    $("watch-step").disabled = w.running || w.busy || w.sea.allSunk();
  }

  const learning = setupWatchLearning(root, {
    current: () => (w.sea ? { set: settings(), ships: w.sea.ships.map((s) => s.ship), islands: w.sea.islands, seed: w.seed } : null),
    pause: () => new Promise((resolve) => setTimeout(resolve, delay(Number($("watch-speed").value)))),
  });

  function stop() {
    w.running = false;
    clearTimeout(w.timer);
  }

  const fleetSettings = (set) => JSON.stringify([set.rows, set.cols, set.ships, set.rules.touching, set.style, set.islands, set.seed]);

  /**
   * A new hidden fleet. Called by a change event, it keeps the game when the fleet's settings are
   * the ones already played (a field left after a change already seen fires it again).
   */
  async function newFleet(event) {
    const set = settings();
    const placed = fleetSettings(set);
    if (event?.type === "change" && w.sea && placed === w.placed) return;
    stop();
    learning.clear();
    clearProblems(root);
    const fleet = ++w.fleets;
    const seed = set.seed ?? freshSeed();
    try {
      // The island map comes from the game's seed too: the same seed, the same sea.
      const islands = randomIslands(set.rows, set.cols, set.islands, seed);
      const answer = await placement({ rows: set.rows, cols: set.cols, ships: set.ships, rules: { touching: set.rules.touching }, seed, style: set.style, ...blocked(islands) });
      if (fleet !== w.fleets) return; // a newer fleet was asked for meanwhile
      Object.assign(w, { sea: new Sea(set.rows, set.cols, shipsFromPlacement(answer), islands), seed, placed, grid: null, shots: [], turns: 0, mistakes: [] });
      const isles = islands.length ? ` around ${islands.length} island${islands.length === 1 ? "" : "s"}` : "";
      say(status, `A hidden fleet of ${set.ships.length} ships${isles} (seed ${w.seed}). Press Play, or One move.`);
    } catch (err) {
      if (fleet !== w.fleets) return;
      Object.assign(w, { sea: null, placed: null });
      showProblem(root, err);
      say(status, `Problem: ${err.message}`);
    }
    draw();
  }

  async function move() {
    if (!w.sea || w.sea.allSunk() || w.busy) return;
    const set = settings();
    const sea = w.sea;
    w.busy = true;
    try {
      // Told only what the announcement rule says: board strings under sunk-cells, the history otherwise.
      const answer = await recommend({ ...position(sea, set.rules), algorithm: set.algorithm, level: set.level, seed: w.seed });
      // A new fleet came meanwhile: this move was for the old one.
      if (sea === w.sea) played(answer, set);
    } catch (err) {
      if (sea === w.sea) {
        stop();
        showProblem(root, err);
        say(status, `Problem: ${err.message}`);
      }
    } finally {
      w.busy = false;
    }
    draw();
    if (w.running && sea === w.sea) w.timer = setTimeout(move, delay(Number($("watch-speed").value)));
  }

  /** Plays the service's answer on the hidden fleet and tells the turn. */
  function played(answer, set) {
    w.grid = answer.grid;
    w.kind = answer.grid_kind;
    w.shots = answer.shots;
    w.turns += 1;
    // A level below 10 says whether the turn was a deliberate mistake (absent: not one).
    const mistake = answer.mistake === true;
    const results = answer.shots.map((s) => {
      if (mistake) w.mistakes.push({ row: s.row, col: s.col, level: set.level });
      return `${s.label} ${w.sea.fire(s.row, s.col, w.turns - 1).result}`;
    });
    const why = mistake ? `, a deliberate mistake at level ${set.level}` : "";
    if (w.sea.allSunk()) {
      stop();
      say(status, `Turn ${w.turns}: ${results.join(", ")}${why}. Sank the whole fleet in ${w.sea.shots.length} shots (${w.turns} turns).`);
    } else {
      say(status, `Turn ${w.turns}: ${results.join(", ")} (${answer.mode} mode${why}).`);
    }
  }

  function playPause() {
    if (w.running) {
      stop();
      say(status, "Paused.");
      draw();
    } else if (w.sea && !w.sea.allSunk()) {
      w.running = true;
      draw();
      move();
    }
  }

  function speedText() {
    const ms = delay(Number($("watch-speed").value));
    const text = `${(1000 / ms).toFixed(ms > 1000 ? 1 : 0)} moves a second`;
    $("watch-speed-text").textContent = text;
    $("watch-speed").setAttribute("aria-valuetext", text);
  }

  async function copy() {
    const text = $("watch-shots").value;
    try {
      await navigator.clipboard.writeText(text);
      $("watch-copied").textContent = "Copied.";
    } catch {
      $("watch-shots").select();
      $("watch-copied").textContent = "Selected: press Ctrl+C (or ⌘C) to copy.";
    }
  }

  $("watch-new").addEventListener("click", newFleet);
  $("watch-play").addEventListener("click", playPause);
  $("watch-step").addEventListener("click", move);
  $("watch-copy").addEventListener("click", copy);
  $("watch-reveal").addEventListener("change", draw);
  $("watch-speed").addEventListener("input", speedText);
  $("watch-announce").addEventListener("change", draw);
  for (const id of ["watch-rows", "watch-cols", "watch-ships", "watch-touching", "watch-style", "watch-islands", "watch-seed"]) {
    $(id).addEventListener("change", newFleet);
  }
  speedText();
  // Leaving the view stops both the game and the learning view.
  return { newFleet, stop: () => (stop(), learning.stop()) };
}
