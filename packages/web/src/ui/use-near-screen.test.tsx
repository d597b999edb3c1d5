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
    render(<RemoteImage src="/media/a.png" alt="A logo" loading="lazy" whenNearScreen className="size-9" />);
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
    // Fetched once: no longer watched.
    expect(observer.watched.size).toBe(0);
  });

  it('is left to the browser without whenNearScreen', () => {
    render(<RemoteImage src="/media/b.png" alt="B logo" loading="lazy" />);
    expect(screen.getByRole('img', { name: 'B logo' })).toHaveAttribute('src', '/media/b.png');
  });
});
