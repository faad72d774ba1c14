// Watch's learning view: two computers hunt the same hidden fleet side by side, one without a
// model of the hider, one with a model fitted (POST /opponent) from past fleets placed in the same
// style (POST /placement, seeds after the hidden fleet's), each shot count shown.

import { listAlgorithms, placement, recommend } from "./api.js";
import { BoardView } from "./board.js";
import { Sea, blocked } from "./game.js";
import { fit, learners, opponentNote } from "./learning.js";
import { say } from "./ui.js";

export function setupWatchLearning(root, { current, pause }) {
  const $ = (id) => root.querySelector(`#${id}`);
  const status = $("watch-learn-status");
  const sides = [
    { view: new BoardView($("watch-plain"), { caption: "Without a model" }), count: $("watch-plain-count") },
    { view: new BoardView($("watch-learned"), { caption: "With a model of past fleets" }), count: $("watch-learned-count") },
  ];
  let run = 0; // the run in progress; a new one (or stop) makes older ones give up
  let active = false;

  function draw(seas, shots) {
    seas.forEach((sea, i) => {
      const done = sea.allSunk();
      sides[i].view.draw({
        marks: sea.marks,
        ships: sea.ships.filter((s) => done || s.hits === s.ship.length).map((s) => s.ship),
        revealed: done,
        shots: done ? [] : shots[i],
      });
      sides[i].count.textContent = `: ${sea.shots.length} shot${sea.shots.length === 1 ? "" : "s"}${done ? ", all sunk" : ""}`;
    });
  }

  /** Stops the run in progress, if any. */
  function stop() {
    run += 1;
    active = false;
    $("watch-learn").textContent = "Play both";
  }

  /** Stops and empties both boards (a new hidden fleet). */
  function clear() {
    stop();
    for (const side of sides) {
      side.view.draw({ marks: [] });
      side.count.textContent = "";
    }
    say(status, "");
  }

  async function play() {
    const now = current();
    if (!now) return;
    const mine = ++run;
    active = true;
    const { set, ships, islands } = now;
    const seed = Number.isInteger(now.seed) ? now.seed : 0;
    const n = Math.min(200, Math.max(1, Math.round(Number($("watch-past").value)) || 20));
    $("watch-past").value = n;
    $("watch-learned-n").textContent = n;
    $("watch-learn").textContent = "Stop";
    const rules = { touching: set.rules.touching };
    try {
      say(status, `Placing ${n} past fleets (${set.style === "hard" ? "hard to find" : "anywhere"}) and learning from them…`);
      const seeds = Array.from({ length: n }, (_, i) => (seed + 1 + i) % 2 ** 32);
      const fleets = await Promise.all(
        // Past fleets on the same island map; a fleet sent to be learned from shows only its ships.
        seeds.map((s) => placement({ rows: set.rows, cols: set.cols, ships: set.ships, rules, seed: s, style: set.style, ...blocked(islands) })
          .then((a) => a.board.map((row) => row.replaceAll("^", ".")))),
      );
      const { model, games } = await fit(set.rows, set.cols, set.ships, set.rules, fleets);
      if (mine !== run) return;
      const algorithms = await listAlgorithms();
      const ignores = opponentNote(algorithms, set.algorithm)
        ? ""
        : ` ${set.algorithm} ignores the model, so both play alike: pick ${learners(algorithms).join(" or ")}.`;
      const seas = [new Sea(set.rows, set.cols, ships, islands), new Sea(set.rows, set.cols, ships, islands)];
      const opponents = [undefined, { model }];
      let shots = [[], []];
      draw(seas, shots);
      say(status, `Both computers are hunting; one learned from ${games} past fleets.${ignores}`);
      while (seas.some((sea) => !sea.allSunk())) {
        const answers = await Promise.all(
          seas.map((sea, i) =>
            sea.allSunk()
              ? null
              : recommend({
                board: sea.board(), ships: sea.afloat(), algorithm: set.algorithm, level: set.level, rules: set.rules, seed,
                ...(opponents[i] ? { opponent: opponents[i] } : {}),
              }),
          ),
        );
        if (mine !== run) return;
        shots = answers.map((a) => a?.shots || []);
        answers.forEach((a, i) => a && a.shots.forEach((s) => seas[i].fire(s.row, s.col)));
        draw(seas, shots);
        await pause();
        if (mine !== run) return;
      }
      const [plain, learned] = seas.map((sea) => sea.shots.length);
      say(status, `Without a model: ${plain} shots. With a model of ${games} past fleets: ${learned} shots.${ignores}`);
    } catch (err) {
      if (mine === run) say(status, `Problem: ${err.message}`);
    }
    if (mine === run) stop();
  }

  $("watch-learn").addEventListener("click", () => {
    if (!active) return play();
    stop();
    say(status, "Stopped.");
  });
  return { play, stop, clear };
}
