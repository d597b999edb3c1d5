import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScreenLoading, screenLoadingMessages } from './screen-loading';

afterEach(() => vi.useRealTimers());

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('ScreenLoading', () => {
  it('shows the bar at once, words after 2 s, and says the connection may be slow after 10 s', () => {
    vi.useFakeTimers();
    const { rerender } = render(<ScreenLoading pending />);
    expect(screen.getByRole('progressbar', { name: 'Loading page' })).toBeInTheDocument();
    advance(1_999);
    expect(screen.getByRole('status')).toHaveTextContent('');
    advance(1);
    expect(screen.getByRole('status')).toHaveTextContent(screenLoadingMessages.loading);
    advance(8_000);
    expect(screen.getByRole('status')).toHaveTextContent(screenLoadingMessages.slow);

    // The screen arrives: everything goes, and the next slow screen starts from the beginning.
    rerender(<ScreenLoading pending={false} />);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('');
    rerender(<ScreenLoading pending />);
    advance(1_999);
    expect(screen.getByRole('status')).toHaveTextContent('');
    advance(1);
    expect(screen.getByRole('status')).toHaveTextContent(screenLoadingMessages.loading);
  });

  it('says nothing for a screen that comes quickly', () => {
    vi.useFakeTimers();
    const { rerender } = render(<ScreenLoading pending />);
    advance(500);
    rerender(<ScreenLoading pending={false} />);
    advance(20_000);
    expect(screen.getByRole('status')).toHaveTextContent('');
  });
});
