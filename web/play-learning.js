// Play's memory of the player: each game's fleet is stored in this browser at Start, the computer
// fits the fleets of the games before (POST /opponent, once a game) and sends the model with its
// shots when its algorithm uses one; "What it expects" draws the model over the player's waters,
// and "Forget my fleets" clears the storage.

import { listAlgorithms } from "./api.js";
import { fit, fleetBoard, forgetAll, history, learners, opponentNote, remember, usable } from "./learning.js";

/** What the model says of the way the player lays ships (its `across`), or nothing below 1.5 to 1. */
function direction(across) {
  const [way, other, x] = across >= 1 ? ["across", "down", across] : ["down", "across", 1 / across];
  if (x < 1.5) return "";
  if (x >= 100) return ` It expects your ships laid ${way}, almost never ${other}.`;
  return ` It expects your ships laid ${way}, ${x.toFixed(1)} times as often as ${other}.`;
}

export function setupLearning(root, { settings, game, redraw }) {
  const $ = (id) => root.querySelector(`#${id}`);
  const state = {
    past: null, // the fleets the game in play learns from (those before it), fixed at Start
    cache: null, // {key, promise} of the last fit
    fitted: null, // the last fit's answer, {model, games}, once it has come
    failed: null, // why the last fit failed
  };
  let algorithms = [];
  listAlgorithms().then((list) => {
    algorithms = list;
    redraw();
  }, () => {});

  /** The fleets the computer learns from: those before the game in play, else all stored. */
  function past(set = settings()) {
    if (game.phase !== "setup" && state.past) return state.past;
    return usable(history(set.rows, set.cols, set.ships), set.rows, set.cols, set.rules);
  }

  /** What a fit depends on: the board, the fleet, the rules and the fleets fitted. */
  const keyOf = (set, fleets) => JSON.stringify([set.rows, set.cols, set.ships, set.rules.touching, fleets.length, fleets.at(-1)]);

  /** The model of `past()`, fitted once (POST /opponent), or null when there is nothing to learn. */
  function model(set = settings()) {
    const fleets = past(set);
    if (fleets.length === 0) return Promise.resolve(null);
    const key = keyOf(set, fleets);
    if (state.cache?.key !== key) {
      state.failed = null;
      const promise = fit(set.rows, set.cols, set.ships, set.rules, fleets).then(
        (answer) => {
          if (state.cache?.promise === promise) {
            state.fitted = answer;
            redraw();
          }
          return answer;
        },
        (err) => {
          if (state.cache?.promise === promise) state.failed = err.message;
          return null;
        },
      );
      state.cache = { key, promise };
      state.fitted = null;
    }
    return state.cache.promise;
  }

  /** A game starts: the computer will learn from the fleets before it; this one is stored. */
  function begin(set, ships) {
    state.past = usable(history(set.rows, set.cols, set.ships), set.rows, set.cols, set.rules);
    remember(set.rows, set.cols, set.ships, fleetBoard(ships, set.rows, set.cols));
  }

  /** The `opponent` of the computer's POST /recommend, or undefined (no model, or its algorithm ignores one). */
  async function opponent(set) {
    if (!opponentNote(algorithms, set.algorithm)) return undefined;
    const answer = await model(set);
    return answer ? { model: answer.model } : undefined;
  }

  /**
   * The model's cells when "What it expects" is on and the model of today's settings and fleets is
   * fitted, else null (a fit of other settings or fleets is started, and draws when it comes).
   */
  function expected() {
    const set = settings();
    const fleets = past(set);
    if (!$("play-expect").checked || fleets.length === 0) return null;
    if (state.cache?.key === keyOf(set, fleets)) return state.fitted?.model.cells ?? null;
    model(set).then(redraw);
    return null;
  }

  function show() {
    const set = settings();
    const n = past(set).length;
    let text = n
      ? `The computer has learned from ${n} of your games (${set.rows}×${set.cols}, fleet ${set.ships.join(",")}).`
      : "The computer has not learned your habits yet: it learns from the fleets you hide, kept in this browser only.";
    if (n && state.failed) text += ` It could not fit them: ${state.failed}`;
    else if (n && algorithms.length && !opponentNote(algorithms, set.algorithm)) {
      text += ` ${set.algorithm} ignores what it learned; ${learners(algorithms).join(" and ")} use it.`;
    } else if (n && state.fitted && state.cache?.key === keyOf(set, past(set))) text += direction(state.fitted.model.across ?? 1);
    $("play-learned").textContent = text;
    $("play-expect").disabled = n === 0;
    if (n === 0) $("play-expect").checked = false;
  }

  $("play-expect").addEventListener("change", async () => {
    if ($("play-expect").checked) {
      $("play-heat").checked = false;
      await model();
    }
    redraw();
  });
  $("play-heat").addEventListener("change", () => {
    if ($("play-heat").checked) $("play-expect").checked = false;
  });
  $("play-forget").addEventListener("click", () => {
    forgetAll();
    Object.assign(state, { past: [], cache: null, fitted: null, failed: null });
    redraw();
  });
  return { begin, opponent, expected, show };
}
