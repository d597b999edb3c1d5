/** Distinct app clients seen (by heartbeat) in the last window, overall and per live match. */
export class LiveViewerTracker {
  private readonly seen = new Map<string, number>();
  private readonly perMatch = new Map<string, Map<string, number>>();

  constructor(private readonly windowMs = 60_000) {}

  beat(clientId: string, matchId: string | undefined, now = Date.now()): void {
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
}
