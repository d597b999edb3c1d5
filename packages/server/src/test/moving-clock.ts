/**
 * A scheduler clock the test moves (buildApp's `clock`): `at(s)` is the ISO time `s` seconds from its
 * now, `advance(s)` moves it on.
 */
export function movingClock(start: string) {
  let now = new Date(start);
  return {
    clock: () => now,
    at: (seconds: number) => new Date(now.getTime() + seconds * 1000).toISOString(),
    advance: (seconds: number) => void (now = new Date(now.getTime() + seconds * 1000)),
  };
}
