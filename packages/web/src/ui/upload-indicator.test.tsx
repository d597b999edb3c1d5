import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UploadIndicator } from './upload-indicator';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('UploadIndicator', () => {
  it('renders nothing when idle and a spinner with the percent while uploading', () => {
    const { container, rerender } = render(<UploadIndicator state="idle" />);
    expect(container).toBeEmptyDOMElement();
    rerender(<UploadIndicator state="uploading" percent={40} />);
    expect(screen.getByRole('img', { name: 'Uploading' })).toHaveTextContent('40%');
  });

  it('shows the tick only 1 s after success', () => {
    const { rerender } = render(<UploadIndicator state="uploading" />);
    rerender(<UploadIndicator state="success" />);
    expect(screen.getByRole('img', { name: 'Uploading' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(999));
    expect(screen.queryByRole('img', { name: 'Upload complete' })).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('img', { name: 'Upload complete' })).toBeInTheDocument();
  });

  it('shows the cross at once on error, and resets the tick for the next upload', () => {
    const { rerender } = render(<UploadIndicator state="success" />);
    act(() => vi.advanceTimersByTime(1000));
    rerender(<UploadIndicator state="error" />);
    expect(screen.getByRole('img', { name: 'Upload failed' })).toBeInTheDocument();
    rerender(<UploadIndicator state="success" />);
    expect(screen.getByRole('img', { name: 'Uploading' })).toBeInTheDocument();
  });
});
