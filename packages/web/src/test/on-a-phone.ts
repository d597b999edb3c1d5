/**
 * A window under 768 px, as matchMedia answers it (every min-width query false): the lists show their
 * cards. jsdom has no matchMedia; the test deletes it again after (`delete window.matchMedia`).
 */
export function onAPhone() {
  window.matchMedia = ((media: string) => ({
    media,
    matches: false,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  })) as unknown as typeof window.matchMedia;
}
