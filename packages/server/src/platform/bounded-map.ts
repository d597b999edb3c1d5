/**
 * Sets `key` in an insertion-ordered map that holds at most `max` entries: a new key past the bound drops
 * the oldest first. For maps keyed by what clients send (URLs, page numbers), which would otherwise grow
 * with every distinct request.
 */
export function setBounded<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  if (!map.has(key) && map.size >= max) map.delete(map.keys().next().value as K);
  map.set(key, value);
}
