import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RemoteImage } from './remote-image';
import { NEAR_SCREEN_PX } from './use-near-screen';

/** A stand-in for the browser's IntersectionObserver (jsdom has none): the test says what comes near. */
class FakeObserver {
  static last: FakeObserver | undefined;
  watched = new Set<Element>();
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit,
  ) {
    FakeObserver.last = this;
  }
  observe(element: Element) {
    this.watched.add(element);
  }
  unobserve(element: Element) {
    this.watched.delete(element);
  }
  disconnect() {
    this.watched.clear();
  }
  comesNear(element: Element) {
    const entry = { target: element, isIntersecting: true } as IntersectionObserverEntry;
    act(() => this.callback([entry], this as unknown as IntersectionObserver));
  }
}

describe('a list image fetched when near the screen', () => {
  beforeEach(() => vi.stubGlobal('IntersectionObserver', FakeObserver));
  afterEach(() => vi.unstubAllGlobals());

  it('is a box of its size, named as the image, until it comes within a few rows of the window', () => {
    render(<RemoteImage src="/media/a.png" alt="A logo" whenNearScreen className="size-9" />);
    const box = screen.getByRole('img', { name: 'A logo' });
    expect(box.tagName).toBe('SPAN');
    expect(box).toHaveClass('size-9');
    const observer = FakeObserver.last!;
    expect(observer.options.rootMargin).toBe(`${NEAR_SCREEN_PX}px 0px`);
    expect(observer.watched.has(box)).toBe(true);

    observer.comesNear(box);
    const image = screen.getByRole('img', { name: 'A logo' });
    expect(image.tagName).toBe('IMG');
    expect(image).toHaveAttribute('src', '/media/a.png');
    // Asked for at once: the browser's lazy loading would wait for the next frame's layout.
    expect(image).not.toHaveAttribute('loading');
    // Fetched once: no longer watched.
    expect(observer.watched.size).toBe(0);
  });

  it('is fetched from its first paint when it is near the window already (a first screen of rows)', () => {
    const box = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect');
    // Within the window, and then a row just past its foot, within NEAR_SCREEN_PX of it.
    for (const top of [100, window.innerHeight + NEAR_SCREEN_PX - 10]) {
      box.mockReturnValue(new DOMRect(40, top, 36, 36));
      const { unmount } = render(
        <RemoteImage src="/media/c.png" alt="C logo" whenNearScreen className="size-9" />,
      );
      const image = screen.getByRole('img', { name: 'C logo' });
      expect(image.tagName).toBe('IMG');
      expect(image).toHaveAttribute('src', '/media/c.png');
      expect(FakeObserver.last?.watched.size ?? 0).toBe(0);
      unmount();
    }
    // Further down: watched until it comes near.
    box.mockReturnValue(new DOMRect(40, window.innerHeight + NEAR_SCREEN_PX + 10, 36, 36));
    render(<RemoteImage src="/media/d.png" alt="D logo" whenNearScreen className="size-9" />);
    const far = screen.getByRole('img', { name: 'D logo' });
    expect(far.tagName).toBe('SPAN');
    expect(FakeObserver.last!.watched.has(far)).toBe(true);
    box.mockRestore();
  });

  it('is left to the browser without whenNearScreen', () => {
    render(<RemoteImage src="/media/b.png" alt="B logo" loading="lazy" />);
    expect(screen.getByRole('img', { name: 'B logo' })).toHaveAttribute('src', '/media/b.png');
    expect(screen.getByRole('img', { name: 'B logo' })).toHaveAttribute('loading', 'lazy');
  });
});
