import { onTestFinished, vi } from 'vitest';

/**
 * jsdom has no media: the browser's answer to "do you play HLS yourself?" (Safari and iOS say 'maybe')
 * is stubbed for the test that calls it, so the test sees which source a player chose as its `src`.
 * hls.js over MSE is the Playwright checks' (a real Chromium).
 */
export function playsHlsItself(answer: '' | 'maybe' = 'maybe') {
  const spy = vi
    .spyOn(HTMLMediaElement.prototype, 'canPlayType')
    .mockImplementation((type) => (type === 'application/vnd.apple.mpegurl' ? answer : ''));
  onTestFinished(() => spy.mockRestore());
}
