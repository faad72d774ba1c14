// Scans as Analyse writes them: one a line, what the scan found then its cells, e.g.
// "2 D4:F6" (a count scan of the block D4 to F6 that found 2 ship cells), "no A8 A9 A10" (a
// yes/no scan that found none), "yes B2:B5". Read into POST /recommend's `observations`.

import { label } from "./board.js";

/** A label's zero-based row and column ("D4" -> [3, 3]), or null. */
function cell(text) {
  const m = /^([A-Za-z])([1-9][0-9]*)$/.exec(text);
  return m ? [m[1].toUpperCase().charCodeAt(0) - 65, Number(m[2]) - 1] : null;
}

/**
 * The observations of `text`, one scan a line (blank lines skipped). A line that cannot be read
 * throws {message, field: "observations"} naming it; the service checks the rest (cells on the
 * board, counts no larger than their cells).
 */
export function parseScans(text) {
  const observations = [];
  text.split("\n").forEach((line, i) => {
    const words = line.trim().split(/[\s,]+/).filter(Boolean);
    if (words.length === 0) return;
    const fault = (why) => {
      throw { message: `Scan on line ${i + 1}: ${why}`, field: "observations" };
    };
    const [found, ...parts] = words;
    if (parts.length === 0) fault("give what it found (a count, yes or no), then its cells");
    const cells = [];
    for (const part of parts) {
      const [from, to = from] = part.split(":");
      const [a, b] = [cell(from), cell(to)];
      if (!a || !b) fault(`"${part}" is not a cell label (C5) or a block of them (D4:F6)`);
      for (let r = Math.min(a[0], b[0]); r <= Math.max(a[0], b[0]); r++) {
        for (let c = Math.min(a[1], b[1]); c <= Math.max(a[1], b[1]); c++) cells.push(label(r, c));
      }
    }
    if (/^\d+$/.test(found)) observations.push({ count: Number(found), cells });
    else if (/^(yes|no)$/i.test(found)) observations.push({ any: found.toLowerCase() === "yes", cells });
    else fault(`"${found}" is not what a scan finds: a count of ship cells, yes or no`);
  });
  return observations;
}
