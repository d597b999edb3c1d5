import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RemoteImage } from './remote-image';

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
