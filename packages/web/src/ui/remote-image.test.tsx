import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ONLINE_RETRY_DELAYS_MS, RemoteImage } from './remote-image';

const goOnline = () => act(() => void window.dispatchEvent(new Event('online')));
const failImage = (name: string) => fireEvent.error(screen.getByRole('img', { name }));

describe('RemoteImage', () => {
  it('shows a placeholder of the same box when the image fails, and the image again once back online', () => {
    render(<RemoteImage src="/media/icon.png" alt="Icon of Final" className="size-10 rounded" />);
    const img = screen.getByRole('img', { name: 'Icon of Final' });
    expect(img).toHaveAttribute('src', '/media/icon.png');
    expect(img).toHaveClass('size-10', 'rounded');

    failImage('Icon of Final');
    const placeholder = screen.getByRole('img', { name: 'Icon of Final (image not loaded)' });
    expect(placeholder.tagName).toBe('SPAN');
    expect(placeholder).toHaveClass('size-10', 'rounded');
    expect(placeholder).toHaveAttribute('title', 'The image could not be loaded');
    expect(screen.queryByRole('img', { name: 'Icon of Final' })).not.toBeInTheDocument();

    goOnline();
    expect(screen.getByRole('img', { name: 'Icon of Final' })).toHaveAttribute('src', '/media/icon.png');
    expect(screen.queryByRole('img', { name: /image not loaded/ })).not.toBeInTheDocument();

    // A second failure after the retry shows the placeholder again.
    failImage('Icon of Final');
    expect(screen.getByRole('img', { name: 'Icon of Final (image not loaded)' })).toBeInTheDocument();
  });

  describe('failing again just after the connection is back', () => {
    afterEach(() => void vi.useRealTimers());

    it('is tried again after each wait, then stays a placeholder until the next online', () => {
      vi.useFakeTimers();
      render(<RemoteImage src="/media/icon.png" alt="Icon" />);
      failImage('Icon');
      goOnline();
      const waits = [...ONLINE_RETRY_DELAYS_MS];
      expect(waits).toEqual([1_000, 2_000, 4_000]);
      for (const wait of waits) {
        failImage('Icon');
        expect(screen.getByRole('img', { name: 'Icon (image not loaded)' })).toBeInTheDocument();
        act(() => void vi.advanceTimersByTime(wait - 1));
        expect(screen.queryByRole('img', { name: 'Icon' })).not.toBeInTheDocument();
        act(() => void vi.advanceTimersByTime(1));
        expect(screen.getByRole('img', { name: 'Icon' })).toHaveAttribute('src', '/media/icon.png');
      }
      // The retries are spent: the placeholder stays.
      failImage('Icon');
      act(() => void vi.advanceTimersByTime(60_000));
      expect(screen.getByRole('img', { name: 'Icon (image not loaded)' })).toBeInTheDocument();
      // Another online gives it its retries again.
      goOnline();
      failImage('Icon');
      act(() => void vi.advanceTimersByTime(1_000));
      expect(screen.getByRole('img', { name: 'Icon' })).toBeInTheDocument();
    });

    it('is not tried again when it fails before any online, nor as another src after an online', () => {
      vi.useFakeTimers();
      const { rerender } = render(<RemoteImage src="/media/a.png" alt="Logo" />);
      failImage('Logo');
      act(() => void vi.advanceTimersByTime(60_000));
      expect(screen.getByRole('img', { name: 'Logo (image not loaded)' })).toBeInTheDocument();

      goOnline();
      // Another src gets its own chance, not the retries of the one before: its failure waits for an online.
      rerender(<RemoteImage src="/media/b.png" alt="Logo" />);
      failImage('Logo');
      act(() => void vi.advanceTimersByTime(60_000));
      expect(screen.getByRole('img', { name: 'Logo (image not loaded)' })).toBeInTheDocument();
    });
  });

  it('tries a new src, and again an earlier src that had failed', () => {
    const { rerender } = render(<RemoteImage src="/media/a.png" alt="Logo" />);
    failImage('Logo');
    expect(screen.getByRole('img', { name: 'Logo (image not loaded)' })).toBeInTheDocument();
    rerender(<RemoteImage src="/media/b.png" alt="Logo" />);
    expect(screen.getByRole('img', { name: 'Logo' })).toHaveAttribute('src', '/media/b.png');
    rerender(<RemoteImage src="/media/a.png" alt="Logo" />);
    expect(screen.getByRole('img', { name: 'Logo' })).toHaveAttribute('src', '/media/a.png');
  });

  it('keeps a decorative image decorative, and shows a given fallback instead of the placeholder', () => {
    const { container, rerender } = render(<RemoteImage src="/media/a.png" alt="" className="size-9" />);
    fireEvent.error(container.querySelector('img')!);
    const placeholder = container.firstElementChild!;
    expect(placeholder).toHaveAttribute('aria-hidden', 'true');
    expect(placeholder).toHaveAttribute('title', 'The image could not be loaded');
    expect(placeholder).toHaveClass('size-9');
    expect(screen.queryByRole('img')).not.toBeInTheDocument();

    rerender(
      <RemoteImage src="/media/b.png" alt="Poster" fallback={<span role="img" aria-label="No poster" />} />,
    );
    failImage('Poster');
    expect(screen.getByRole('img', { name: 'No poster' })).toBeInTheDocument();
  });
});
