/** A value of a bounded map: whoever reads it on a hit sets `used`, and eviction resets it. */
export interface Evictable {
  used?: boolean;
}

/**
 * Sets `key` in an insertion-ordered map that holds at most `max` entries. For maps keyed by what clients
 * send (URLs, page numbers), which would otherwise grow with every distinct request.
 *
 * A new key past the bound drops the oldest entry, unless that entry has been `used` since it was last
 * passed over: then its mark is reset and it goes to the back, and the next oldest is looked at (a second
 * chance, the CLOCK approximation of least-recently-used). So a flood of random pages cannot push out what
 * the apps read all the time (loadCheck), and a hit costs one flag.
 */
export function setBounded<K, V extends Evictable>(map: Map<K, V>, key: K, value: V, max: number): void {
  if (!map.has(key) && map.size >= max) {
    // At most one full pass: every entry passed over has had its mark reset, so the pass ends in an eviction.
    for (let passedOver = 0; ; passedOver++) {
      const [oldestKey, oldest] = map.entries().next().value as [K, V];
      map.delete(oldestKey);
      if (passedOver >= max || !oldest.used) break;
      oldest.used = false;
      map.set(oldestKey, oldest);
    }
  }
  map.set(key, value);
}
