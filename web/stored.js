// What the page keeps in this browser's localStorage, shared by its memories of a player (their
// fleets, learning.js; their searches, searches.js).

/** Forgets every stored entry whose key starts with `prefix`. */
export function forgetPrefix(prefix) {
  const keys = [];
  for (let i = 0; i < localStorage.length; i++) if (localStorage.key(i).startsWith(prefix)) keys.push(localStorage.key(i));
  for (const key of keys) localStorage.removeItem(key);
}

/** The most recent `items` whose JSON (with a separator each) stays under `maxBytes`. */
export function latestWithin(items, maxBytes) {
  const size = (item) => JSON.stringify(item).length + 1;
  let total = 0;
  let from = items.length;
  while (from > 0 && total + size(items[from - 1]) < maxBytes) total += size(items[--from]);
  return items.slice(from);
}
