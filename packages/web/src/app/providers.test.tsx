import { act, render, screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { findToast } from '@/test/toasts';
import { PageHeader } from '@/ui/page-header';
import { AppProviders } from './providers';

describe('the toasts', () => {
  it('show one error at a time: a new error replaces the older one, a success stays beside it', async () => {
    render(<AppProviders>{null}</AppProviders>);
    act(() => void toast.success('Saved'));
    act(() => void toast.error('First failure'));
    await findToast('First failure');
    act(() => void toast.error('Second failure'));
    await findToast('Second failure');
    await waitFor(() => expect(screen.queryByText('First failure')).not.toBeInTheDocument());
    expect(screen.getByText('Saved')).toBeInTheDocument();
  });

  it('are placed below the header actions of the screen shown, and back under the top bar without', () => {
    // Placed on the observer's first report, which a browser makes after its first layout of the header.
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(private readonly report: () => void) {}
        observe() {
          this.report();
        }
        disconnect() {}
      },
    );
    const view = render(<PageHeader title="Policy" actions={<button type="button">Edit</button>} />);
    expect(document.documentElement.style.getPropertyValue('--toasts-top')).toMatch(/^\d+px$/);
    view.unmount();
    expect(document.documentElement.style.getPropertyValue('--toasts-top')).toBe('');
    vi.unstubAllGlobals();
  });

  it('stay under the top bar when the header shows only a status, with nothing to press', () => {
    render(<PageHeader title="Story Reels" actions={<span>Not Running</span>} />);
    expect(document.documentElement.style.getPropertyValue('--toasts-top')).toBe('');
  });
});
