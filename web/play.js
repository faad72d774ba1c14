// Play: you against the computer. Your fleet is placed by POST /placement and moved by dragging
// (or by keyboard); the computer's fleet comes from POST /placement; the computer shoots where
// POST /recommend tells it, with a model of the player's past fleets (play-learning.js).

import { freshSeed, placement, recommend } from "./api.js";
import { BoardView, format, label, legend, tray } from "./board.js";
import { Sea, blank, blocked, fleetFault, parseShips, randomIslands, shipsFromPlacement } from "./game.js";
import { position, shipNames, told } from "./history.js";
import { setupLearning } from "./play-learning.js";
import { forgetSearches, rememberSearch, searchOf, searches, seenLine, sendable } from "./searches.js";
import { clearProblems, levelRequest, say, showProblem } from "./ui.js";

export function setupPlay(root) {
  const $ = (id) => root.querySelector(`#${id}`);
  const status = $("play-status");
  const game = {
    phase: "setup", // setup | playing | over
    turn: "me",
    busy: false,
    rows: 10,
    cols: 10,
    mine: [], // my ships (game.js Ship)
    islands: [], // the island map, the same on both seas: [row, col] pairs
    mySea: null, // my fleet and the computer's shots at it
    enemySea: null, // the computer's fleet and my shots at it
    seed: 0, // one seed a game: the computer keeps one tie order through it
    left: 1, // my shots left this turn
    lastGrid: null,
    lastShots: [],
    hint: null,
    mistakes: [], // the computer's shots that were deliberate mistakes: {row, col, level}
    winner: null, // "me" | "computer" once the game is over
    seen: null, // what the computer's "hard to find" fleet read of my past searches: {n, model}
    selected: null, // index of the ship picked up with the keyboard
    drag: null,
  };

  const settings = () => ({
    rows: Number($("play-rows").value),
    cols: Number($("play-cols").value),
    ships: parseShips($("play-ships").value),
    rules: { touching: $("play-touching").checked, salvo: Number($("play-salvo").value), announce: $("play-announce").value },
    level: Number($("play-level").value),
    algorithm: $("play-algorithm").value,
    style: $("play-style").value,
    islands: Math.max(0, Math.round(Number($("play-islands").value)) || 0),
  });

  const mine = new BoardView($("play-mine"), {
    caption: "Your waters",
    onKey: (e, r, c) => setupKey(e, r, c),
    onActivate: (r, c) => pick(r, c),
  });
  const enemy = new BoardView($("play-enemy"), { caption: "The computer's waters", onActivate: (r, c) => fire(r, c) });
  const learning = setupLearning(root, { settings, game, redraw: () => draw() });

  /**
   * POST /placement's answer for a rows x cols board, the ships and rules of `set`, and `style`,
   * around this game's islands.
   */
  function askPlacement(rows, cols, set, style, extra = {}) {
    return placement({ rows, cols, ships: set.ships, rules: { touching: set.rules.touching }, seed: freshSeed(), style, ...blocked(game.islands), ...extra });
  }

  /** A fleet for a rows x cols board, the ships and rules of `set`, from POST /placement. */
  async function placeFleet(rows, cols, set, style = "uniform") {
    return shipsFromPlacement(await askPlacement(rows, cols, set, style));
  }

  /**
   * The computer's fleet: "hard to find" (style adaptive) sends this player's past searches of a
   * board this size, and the answer says what the computer made of them.
   */
  async function placeTheirs(rows, cols, set) {
    if (set.style !== "adaptive") return placeFleet(rows, cols, set, set.style);
    const past = sendable(searches(rows, cols));
    const answer = await askPlacement(rows, cols, set, "adaptive", { searches: past });
    game.seen = { n: past.length, model: answer.search_model };
    return shipsFromPlacement(answer);
  }

  /** The line under the computer's waters. */
  function showSeen() {
    const set = settings();
    const n = searches(game.rows, game.cols).length;
    const during = game.phase !== "setup" && game.seen;
    $("play-seen").textContent =
      set.style === "adaptive"
        ? during ? seenLine(game.seen.n, game.seen.model) : seenLine(n, null)
        : `The computer's fleet is anywhere (choose "hard to find" to have it hide where you look last; it has seen ${n} of your searches).`;
    $("play-forget-searches").disabled = n === 0;
  }

  function problem(err) {
    game.busy = false;
    showProblem(root, err);
    say(status, `Problem: ${err.message}`);
  }

  /** What the computer's shots did, for the status line: "A2: miss", "B3: sunk, your ship of 2". */
  /** A shot's answer as the announcement rule tells it ("sunk, the cruiser" under sunk and hit). */
  function shotText(label_, result, ship, whose, sea) {
    const announce = settings().rules.announce;
    const names = shipNames(sea.ships.map((s) => s.ship.length));
    const t = told(result, names[sea.ships.findIndex((s) => s.ship === ship)], announce);
    if (t.what === "sunk") return `${label_}: sunk, ${t.name ? `the ${t.name}` : `${whose} ship of ${ship.length}`}`;
    return `${label_}: ${t.what}${t.name ? `, the ${t.name}` : ""}`;
  }

  /**
   * The computer's waters as the rule lets me see them while playing: under sunk-cells a sunk
   * ship's cells are marked and the ship drawn; otherwise its cells stay hits, and under none
   * nothing says it sank. Everything shows at the end.
   */
  function enemyView(sea, over) {
    const announce = settings().rules.announce;
    if (!sea) return { marks: blank(game.rows, game.cols, game.islands), ships: [], sunk: () => false };
    if (over || announce === "sunk-cells") {
      const sunk = (x) => x.hits === x.ship.length;
      return { marks: sea.marks, ships: sea.ships.filter((x) => over || sunk(x)).map((x) => x.ship), sunk };
    }
    const marks = sea.marks.map((line) => line.map((m) => (m === "#" ? "x" : m)));
    return { marks, ships: [], sunk: (x) => announce !== "none" && x.hits === x.ship.length };
  }

  function draw() {
    const s = game;
    const over = s.phase === "over";
    const heat = $("play-heat").checked && s.lastGrid && s.phase === "playing";
    const preview = s.drag?.preview || null;
    const expected = heat ? null : learning.expected();
    mine.draw({
      marks: s.mySea ? s.mySea.marks : blank(s.rows, s.cols, s.islands),
      ships: s.mine,
      grid: heat ? s.lastGrid : expected,
      shots: s.phase === "playing" ? s.lastShots : [],
      mistakes: s.phase === "setup" ? [] : s.mistakes,
      preview: preview?.cells,
      invalid: preview && !preview.ok ? preview.cells : [],
      selected: s.selected === null ? null : s.mine[s.selected],
    });
    $("play-mine-legend").hidden = !heat && !expected;
    if (heat) legend($("play-mine-legend"), mine.max, "probability", s.mistakes.length ? "? a deliberate mistake" : "");
    else if (expected) legend($("play-mine-legend"), mine.max, "prior");
    learning.show();
    showSeen();
    // The computer's ships: those sunk while playing, the whole fleet (hit and not found) at the end.
    const view = enemyView(s.enemySea, over);
    enemy.draw({
      marks: view.marks,
      ships: view.ships,
      revealed: over,
      candidates: over ? [] : s.hint || [],
    });
    root.querySelector("#play-enemy .board").classList.toggle("waiting", s.phase === "setup" || (s.phase === "playing" && s.turn !== "me"));
    $("play-boards").dataset.phase = s.phase;
    const shots = (n) => `: ${n} shot${n === 1 ? "" : "s"}`;
    $("play-mine-count").textContent = s.mySea ? shots(s.mySea.shots.length) : "";
    $("play-enemy-count").textContent = s.enemySea ? shots(s.enemySea.shots.length) : "";
    const fleet = (sea, ships, sunk = (x) => x.hits === x.ship.length) =>
      sea ? sea.ships.map((x) => ({ length: x.ship.length, sunk: sunk(x) })) : ships.map((x) => ({ length: x.length, sunk: false }));
    tray($("play-mine-tray"), fleet(s.mySea, s.mine), "Your fleet");
    tray($("play-enemy-tray"), fleet(s.enemySea, s.mine, view.sunk), "The computer's fleet");
    $("play-hint").disabled = !(s.phase === "playing" && s.turn === "me" && !s.busy);
    $("play-heat").disabled = over;
    $("play-start").disabled = s.phase !== "setup" || s.busy;
    $("play-random").disabled = s.phase !== "setup" || s.busy;
    // Start and placing at random belong to the set-up; once the game is on they make way for the boards.
    $("play-start").hidden = s.phase !== "setup";
    $("play-random").hidden = s.phase !== "setup";
    for (const id of ["play-touching", "play-salvo", "play-announce", "play-rows", "play-cols", "play-ships", "play-style", "play-islands"]) {
      $(id).disabled = s.phase === "playing";
    }
    const set = settings();
    const isles = set.islands ? `, ${set.islands} island${set.islands === 1 ? "" : "s"}` : "";
    $("play-settings-summary").textContent = `: level ${set.level}, ${set.algorithm}, ${set.rows}×${set.cols}${isles}, fleet ${set.ships.join(",")}`;
    $("play-end").hidden = !over;
    if (over) {
      const won = s.winner === "me";
      $("play-end").dataset.winner = s.winner;
      $("play-end-title").textContent = won ? "You win!" : "The computer wins.";
      $("play-end-text").textContent =
        `You fired ${s.enemySea.shots.length} shots and sank ${s.enemySea.ships.length - s.enemySea.afloat().length} of ` +
        `${s.enemySea.ships.length} ships; the computer fired ${s.mySea.shots.length} shots and sank ` +
        `${s.mySea.ships.length - s.mySea.afloat().length} of ${s.mySea.ships.length}.` +
        (won ? "" : " The computer's fleet is shown: ✕ the cells you hit, hatched the cells you never found.");
    }
  }

  /** The end of a game: the banner names the winner, heat map and hints go, the computer's fleet shows. */
  function end(winner) {
    // This game's search of the computer's waters is kept for the next "hard to find" fleet.
    rememberSearch(game.rows, game.cols, searchOf(game.enemySea.shots));
    game.phase = "over";
    game.winner = winner;
    game.hint = null;
    $("play-hint-text").textContent = "";
    draw();
    $("play-again").focus();
  }

  const fleetSettings = (set) => JSON.stringify([set.rows, set.cols, set.ships, set.rules.touching, set.islands]);

  /** A new game: my fleet placed at random, waiting for Start. */
  async function newGame() {
    const set = settings();
    Object.assign(game, {
      placed: fleetSettings(set),
      phase: "setup", turn: "me", busy: true, rows: set.rows || 10, cols: set.cols || 10, mySea: null,
      enemySea: null, lastGrid: null, lastShots: [], hint: null, mistakes: [], winner: null, selected: null, drag: null, seen: null,
      myTurns: 0, theirTurns: 0, islands: randomIslands(set.rows || 10, set.cols || 10, set.islands, freshSeed()),
    });
    $("play-hint-text").textContent = "";
    clearProblems(root);
    try {
      game.mine = await placeFleet(set.rows, set.cols, set);
      game.busy = false;
      say(status, "Place your fleet: drag a ship to move it, double-click it to turn it (keyboard: Enter picks a ship up, arrows move it, R turns it). Then press Start.");
    } catch (err) {
      game.mine = [];
      problem(err);
    }
    draw();
  }

  async function placeAtRandom() {
    if (game.phase !== "setup") return;
    const set = settings();
    try {
      game.mine = await placeFleet(game.rows, game.cols, set);
      game.selected = null;
      clearProblems(root);
    } catch (err) {
      problem(err);
    }
    draw();
  }

  async function start() {
    if (game.phase !== "setup" || game.busy) return;
    const set = settings();
    const changed = set.rows !== game.rows || set.cols !== game.cols || set.islands !== game.islands.length;
    if (changed || set.ships.join() !== game.mine.map((s) => s.length).join()) {
      await newGame(); // the size or fleet changed since the placement
      if (game.mine.length === 0) return;
    }
    const fault = fleetFault(game.mine, game.rows, game.cols, set.rules.touching, game.islands);
    if (fault) {
      showProblem(root, { field: "rules", message: `Your fleet cannot stand: ${fault.message}. Move a ship or place the fleet at random.` });
      return;
    }
    game.busy = true;
    draw();
    try {
      const theirs = await placeTheirs(game.rows, game.cols, set);
      Object.assign(game, {
        enemySea: new Sea(game.rows, game.cols, theirs, game.islands),
        mySea: new Sea(game.rows, game.cols, game.mine, game.islands),
        phase: "playing", turn: "me", busy: false, seed: freshSeed(), left: set.rules.salvo, selected: null, myTurns: 0, theirTurns: 0,
      });
      learning.begin(set, game.mine);
      clearProblems(root);
      say(status, `Your turn: fire ${set.rules.salvo === 1 ? "a shot" : `${set.rules.salvo} shots`} at the computer's waters.`);
    } catch (err) {
      problem(err);
    }
    draw();
    enemy.moveFocus(0, 0);
  }

  function fire(r, c) {
    if (game.phase !== "playing" || game.turn !== "me" || game.busy) return;
    if (game.enemySea.marks[r][c] === "^") {
      say(status, `${label(r, c)} is an island: no ship lies there and it cannot be shot. Pick another cell.`);
      return;
    }
    if (game.enemySea.marks[r][c] !== ".") {
      say(status, `${label(r, c)} has been shot already: pick another cell.`);
      return;
    }
    const { result, ship } = game.enemySea.fire(r, c, game.myTurns);
    game.hint = null;
    $("play-hint-text").textContent = "";
    const what = shotText(label(r, c), result, ship, "the computer's", game.enemySea);
    if (game.enemySea.allSunk()) {
      say(status, `You fired ${what}. You win: you sank the whole fleet in ${game.enemySea.shots.length} shots.`);
      end("me");
      return;
    }
    game.left -= 1;
    const salvo = settings().rules.salvo;
    if (game.left > 0 && game.enemySea.unshot() > 0) {
      say(status, `You fired ${what}. ${game.left} more shot${game.left > 1 ? "s" : ""} this turn.`);
      draw();
      return;
    }
    say(status, `You fired ${what}. The computer is aiming…`);
    game.left = salvo;
    game.myTurns += 1;
    computerTurn();
  }

  async function computerTurn() {
    game.turn = "computer";
    game.busy = true;
    draw();
    const set = settings();
    try {
      const opponent = await learning.opponent(set);
      // The computer is told only what the announcement rule says (a history, unless sunk-cells).
      const answer = await recommend({
        ...position(game.mySea, set.rules), algorithm: set.algorithm, ...levelRequest(set.level),
        seed: game.seed, ...(opponent ? { opponent } : {}),
      });
      const turn = game.theirTurns;
      game.theirTurns += 1;
      game.lastGrid = answer.grid;
      game.lastShots = answer.shots;
      // A level below 10 says whether this turn's shot was a deliberate mistake (absent: not one).
      const mistake = answer.mistake === true;
      const said = answer.shots.map((shot) => {
        const { result, ship } = game.mySea.fire(shot.row, shot.col, turn);
        if (mistake) game.mistakes.push({ row: shot.row, col: shot.col, level: set.level });
        return shotText(shot.label, result, ship, "your", game.mySea);
      });
      const why = mistake ? ` (a deliberate mistake at level ${set.level})` : "";
      game.busy = false;
      if (game.mySea.allSunk()) {
        say(status, `The computer fired ${said.join("; ")}${why}. It sank your whole fleet in ${game.mySea.shots.length} shots: the computer wins.`);
        end("computer");
        return;
      }
      game.turn = "me";
      game.left = set.rules.salvo;
      say(status, `The computer fired ${said.join("; ")}${why}. Your turn.`);
    } catch (err) {
      game.turn = "me";
      problem(err);
    }
    draw();
  }

  async function hint() {
    if (game.phase !== "playing" || game.turn !== "me" || game.busy) return;
    const set = settings();
    try {
      // A hint knows only what the rule told me.
      const answer = await recommend({ ...position(game.enemySea, set.rules), algorithm: set.algorithm, seed: game.seed, candidates: 3 });
      game.hint = answer.candidates;
      $("play-hint-text").textContent = `Hint from ${answer.algorithm}: ${answer.candidates
        .map((c, i) => `${i + 1}. ${c.label} (${format(c.value)})`)
        .join(", ")}`;
    } catch (err) {
      problem(err);
    }
    draw();
  }

  // Setting the fleet up: drag with a pointer, or pick a ship up with the keyboard.
  const shipAt = (r, c) => game.mine.findIndex((s) => s.cells.some(([sr, sc]) => sr === r && sc === c));

  function tryMove(index, ship) {
    const fleet = game.mine.map((s, i) => (i === index ? ship : s));
    const fault = fleetFault(fleet, game.rows, game.cols, settings().rules.touching, game.islands);
    if (fault) {
      say(status, `Not there: ${fault.message}.`);
      return false;
    }
    game.mine = fleet;
    return true;
  }

  function pick(r, c) {
    if (game.phase !== "setup" || game.drag?.moved) return;
    const i = shipAt(r, c);
    game.selected = i < 0 || game.selected === i ? null : i;
    if (game.selected !== null) say(status, `Picked up the ship of ${game.mine[i].length}: arrows move it, R turns it, Enter puts it down.`);
    draw();
  }

  function setupKey(e, r, c) {
    if (game.phase !== "setup" || game.selected === null) return false;
    const i = game.selected;
    const ship = game.mine[i];
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (moves[e.key]) {
      const [dr, dc] = moves[e.key];
      if (tryMove(i, ship.moved(ship.row + dr, ship.col + dc))) {
        draw();
        mine.moveFocus(Math.min(game.rows - 1, Math.max(0, r + dr)), Math.min(game.cols - 1, Math.max(0, c + dc)));
      }
      return true;
    }
    if (e.key === "r" || e.key === "R") {
      if (tryMove(i, ship.moved(ship.row, ship.col, !ship.horizontal))) draw();
      return true;
    }
    if (e.key === "Escape") {
      game.selected = null;
      draw();
      return true;
    }
    return false;
  }

  const gridEl = () => root.querySelector("#play-mine .board");
  const cellUnder = (e) => document.elementFromPoint(e.clientX, e.clientY)?.closest("#play-mine .cell");

  $("play-mine").addEventListener("pointerdown", (e) => {
    const cell = e.target.closest(".cell");
    if (game.phase !== "setup" || !cell) return;
    const i = shipAt(+cell.dataset.row, +cell.dataset.col);
    if (i < 0) return;
    const ship = game.mine[i];
    const offset = ship.horizontal ? +cell.dataset.col - ship.col : +cell.dataset.row - ship.row;
    game.drag = { index: i, offset, moved: false, preview: null };
    gridEl().setPointerCapture(e.pointerId);
    e.preventDefault();
  });
  $("play-mine").addEventListener("pointermove", (e) => {
    const d = game.drag;
    const cell = d && cellUnder(e);
    if (!cell) return;
    const ship = game.mine[d.index];
    const r = +cell.dataset.row - (ship.horizontal ? 0 : d.offset);
    const c = +cell.dataset.col - (ship.horizontal ? d.offset : 0);
    if (r === ship.row && c === ship.col && !d.moved) return;
    d.moved = true;
    const moved = ship.moved(r, c);
    const others = game.mine.filter((_, i) => i !== d.index);
    const ok = !fleetFault([...others, moved], game.rows, game.cols, settings().rules.touching, game.islands);
    d.preview = { cells: moved.cells.filter(([pr, pc]) => pr >= 0 && pc >= 0 && pr < game.rows && pc < game.cols), ok, ship: moved };
    draw();
  });
  const drop = () => {
    const d = game.drag;
    if (!d) return;
    if (d.preview?.ok) tryMove(d.index, d.preview.ship);
    else if (d.preview) say(status, "The ship cannot go there: it went back.");
    d.preview = null;
    setTimeout(() => { game.drag = null; }, 0); // the click that ends a drag does not pick the ship up
    draw();
  };
  $("play-mine").addEventListener("pointerup", drop);
  $("play-mine").addEventListener("pointercancel", drop);
  $("play-mine").addEventListener("dblclick", (e) => {
    const cell = e.target.closest(".cell");
    if (game.phase !== "setup" || !cell) return;
    const i = shipAt(+cell.dataset.row, +cell.dataset.col);
    if (i >= 0 && tryMove(i, game.mine[i].moved(game.mine[i].row, game.mine[i].col, !game.mine[i].horizontal))) {
      game.selected = null;
      draw();
    }
  });

  $("play-new").addEventListener("click", newGame);
  $("play-forget-searches").addEventListener("click", () => {
    forgetSearches();
    draw();
  });
  $("play-again").addEventListener("click", newGame);
  for (const id of ["play-level", "play-algorithm", "play-style", "play-salvo"]) $(id).addEventListener("change", draw);
  // On a phone the boards come first: the settings start folded away.
  if (window.matchMedia("(max-width: 40rem)").matches) $("play-settings").open = false;
  $("play-random").addEventListener("click", placeAtRandom);
  $("play-start").addEventListener("click", start);
  $("play-hint").addEventListener("click", hint);
  $("play-heat").addEventListener("change", draw);
  // A change event that changes none of the fleet's settings (a field left after a change already
  // seen fires it again) keeps the fleet and the island map.
  for (const id of ["play-rows", "play-cols", "play-ships", "play-touching", "play-islands"]) {
    $(id).addEventListener("change", () => game.phase !== "playing" && fleetSettings(settings()) !== game.placed && newGame());
  }
  return { newGame, game };
}
