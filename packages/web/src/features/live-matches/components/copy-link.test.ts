import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRuntimeConfig } from '@/test/runtime';
import { copyLiveMatchLink } from './copy-link';

const setClipboard = (clipboard: unknown) =>
  Object.defineProperty(navigator, 'clipboard', { value: clipboard, configurable: true });

beforeEach(() => {
  setRuntimeConfig({ publicLiveHost: 'https://live.example.com/' });
  // Spied on (sonner's `toast` is one object the app shares): none is raised, and the calls say which.
  vi.spyOn(toast, 'error').mockReturnValue(1);
  vi.spyOn(toast, 'success').mockReturnValue(1);
  vi.spyOn(toast, 'warning').mockReturnValue(1);
});
afterEach(() => setClipboard(undefined));

describe('copyLiveMatchLink', () => {
  it('copies the live host plus /live_match/{id}', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    setClipboard({ writeText });
    expect(await copyLiveMatchLink('abc123')).toBe(true);
    expect(writeText).toHaveBeenCalledWith('https://live.example.com/live_match/abc123');
    expect(toast.success).toHaveBeenCalledWith(
      'Link copied successfully!',
      expect.objectContaining({ duration: 2000 }),
    );
    expect(toast.warning).not.toHaveBeenCalled();
  });

  it('warns beside the success that the link opens nothing while PUBLIC_LIVE_HOST is not set', async () => {
    setRuntimeConfig({ publicLiveHost: 'http://127.0.0.1:8080', liveHostSet: false });
    setClipboard({ writeText: vi.fn().mockResolvedValue(undefined) });
    expect(await copyLiveMatchLink('abc123')).toBe(true);
    expect(toast.success).toHaveBeenCalledWith('Link copied successfully!', expect.anything());
    expect(toast.warning).toHaveBeenCalledWith(
      expect.stringMatching(/^This link opens nothing yet: PUBLIC_LIVE_HOST/),
    );
  });

  it('says so when the copy fails', async () => {
    setClipboard({ writeText: vi.fn().mockRejectedValue(new Error('denied')) });
    expect(await copyLiveMatchLink('abc123')).toBe(false);
    expect(toast.error).toHaveBeenCalledWith('Failed to copy link. Please try again.');
  });

  it('asks for a manual copy without the Clipboard API', async () => {
    setClipboard(undefined);
    expect(await copyLiveMatchLink('abc123')).toBe(false);
    expect(toast.error).toHaveBeenCalledWith('Clipboard API not supported. Please copy manually.');
  });
});
