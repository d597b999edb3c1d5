/** Distinct app clients seen (by heartbeat) in the last window, overall and per live match. */
export class LiveViewerTracker {
  private readonly seen = new Map<string, number>();
  private readonly perMatch = new Map<string, Map<string, number>>();
  private lastSweep = 0;

  constructor(private readonly windowMs = 60_000) {}

  beat(clientId: string, matchId: string | undefined, now = Date.now()): void {
    // Clients that stopped beating are forgotten here too, not only when someone reads a count: nothing
    // may read the per-match counts for hours, and every new clientId would stay in memory meanwhile.
    if (now - this.lastSweep >= this.windowMs / 6) this.sweep(now);
    this.seen.set(clientId, now);
    if (!matchId) return;
    let viewers = this.perMatch.get(matchId);
    if (!viewers) this.perMatch.set(matchId, (viewers = new Map()));
    viewers.set(clientId, now);
  }

  private prune(map: Map<string, number>, now: number): number {
    for (const [client, at] of map) if (now - at > this.windowMs) map.delete(client);
    return map.size;
  }

  /** Forgets every client past the window, and matches left without viewers. */
  private sweep(now: number): void {
    this.lastSweep = now;
    this.prune(this.seen, now);
    for (const [match, viewers] of this.perMatch)
      if (this.prune(viewers, now) === 0) this.perMatch.delete(match);
  }

  count(now = Date.now()): number {
    return this.prune(this.seen, now);
  }

  countFor(matchId: string, now = Date.now()): number {
    const viewers = this.perMatch.get(matchId);
    if (!viewers) return 0;
    const n = this.prune(viewers, now);
    if (n === 0) this.perMatch.delete(matchId);
    return n;
  }

  /** How many client entries are held, overall and per match (what the sweep keeps bounded). */
  held(): number {
    let n = this.seen.size;
    for (const viewers of this.perMatch.values()) n += viewers.size;
    return n;
  }
}
