// The page: three views (Play, Analyse, Watch) chosen by the address's #fragment, and the API key
// form shown when the service asks for one.

import { listAlgorithms, setApiKey, whenUnauthorized } from "./api.js";
import { setupAnalyse } from "./analyse.js";
import { setupPlay } from "./play.js";
import { explainLevels, fillAlgorithms, fillLevels } from "./ui.js";
import { setupWatch } from "./watch.js";

const VIEWS = ["play", "analyse", "watch"];

function show() {
  const wanted = location.hash.slice(1);
  const view = VIEWS.includes(wanted) ? wanted : "play";
  for (const section of document.querySelectorAll("main > section")) section.hidden = section.id !== view;
  for (const link of document.querySelectorAll("nav a[data-view]")) {
    if (link.dataset.view === view) link.setAttribute("aria-current", "page");
    else link.removeAttribute("aria-current");
  }
  document.title = `Sonar: ${view[0].toUpperCase()}${view.slice(1)}`;
  if (view !== "watch") watch?.stop();
}

let watch = null;

async function main() {
  const keyForm = document.getElementById("key-form");
  whenUnauthorized((problem) => {
    keyForm.hidden = false;
    document.getElementById("key-problem").textContent = problem.message;
    document.getElementById("api-key").focus();
  });
  keyForm.addEventListener("submit", (e) => {
    e.preventDefault();
    setApiKey(document.getElementById("api-key").value.trim());
    keyForm.hidden = true;
    location.reload();
  });

  window.addEventListener("hashchange", show);
  show();
  let algorithms = [];
  try {
    algorithms = await listAlgorithms();
  } catch (err) {
    document.getElementById("play-status").textContent = `Problem: ${err.message}`;
  }
  for (const id of ["play-algorithm", "an-alg-a", "watch-algorithm"]) fillAlgorithms(document.getElementById(id), algorithms);
  fillAlgorithms(document.getElementById("an-alg-b"), algorithms, { none: true, pick: "density" });
  fillLevels(document.getElementById("play-level"), algorithms, 5, true);
  fillLevels(document.getElementById("watch-level"), algorithms, 10);
  for (const id of ["play-level-help", "watch-level-help"]) explainLevels(document.getElementById(id), algorithms);

  const play = setupPlay(document.getElementById("play"));
  const analyse = setupAnalyse(document.getElementById("analyse"));
  watch = setupWatch(document.getElementById("watch"));
  await Promise.all([play.newGame(), analyse.run(), watch.newFleet()]);
  document.body.dataset.ready = "true";
}

main();
