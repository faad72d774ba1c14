// Viridis (matplotlib's default colour map, designed to be read by colour-blind people and in
// grey): ten stops, interpolated linearly.

export const STOPS = [
  "#440154", "#482878", "#3e4989", "#31688e", "#26828e",
  "#1f9e89", "#35b779", "#6ece58", "#b5de2b", "#fde725",
];

const RGB = STOPS.map((hex) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)));

/** The colour of t in [0, 1] as "rgb(r, g, b)". */
export function colour(t) {
  const x = Math.min(1, Math.max(0, Number.isFinite(t) ? t : 0)) * (RGB.length - 1);
  const i = Math.min(RGB.length - 2, Math.floor(x));
  const f = x - i;
  const [r, g, b] = RGB[i].map((c, k) => Math.round(c + (RGB[i + 1][k] - c) * f));
  return `rgb(${r}, ${g}, ${b})`;
}

/** Whether text on colour(t) should be dark (the light half of the map) for contrast. */
export function darkText(t) {
  return t > 0.6;
}

/** A CSS gradient of the whole map, left to right. */
export function gradient() {
  return `linear-gradient(to right, ${STOPS.join(", ")})`;
}
