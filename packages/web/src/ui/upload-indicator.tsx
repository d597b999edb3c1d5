import { useEffect, useState } from 'react';
import { CheckIcon, CloseIcon } from './icons';
import { Spinner } from './spinner';

export type UploadState = 'idle' | 'uploading' | 'success' | 'error';

/** The tick appears this long after a successful upload (doc 1 section 9). */
export const UPLOAD_TICK_DELAY_MS = 1000;

/**
 * A spinner while uploading, then a cross on error or, after a 1-second delay, a tick on success.
 * Renders nothing when idle. `percent` (0-100) is shown beside the spinner when known.
 */
export function UploadIndicator({ state, percent }: { state: UploadState; percent?: number | undefined }) {
  const [tickShown, setTickShown] = useState(false);

  useEffect(() => {
    if (state !== 'success') {
      setTickShown(false);
      return;
    }
    const timer = setTimeout(() => setTickShown(true), UPLOAD_TICK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [state]);

  if (state === 'idle') return null;
  if (state === 'error') {
    return (
      <span
        role="img"
        aria-label="Upload failed"
        className="inline-flex size-6 items-center justify-center rounded-full bg-red-100 text-red-600"
      >
        <CloseIcon className="size-4" />
      </span>
    );
  }
  if (state === 'success' && tickShown) {
    return (
      <span
        role="img"
        aria-label="Upload complete"
        className="inline-flex size-6 items-center justify-center rounded-full bg-emerald-100 text-emerald-600"
      >
        <CheckIcon className="size-4" />
      </span>
    );
  }
  return (
    <span role="img" aria-label="Uploading" className="inline-flex items-center gap-1.5 text-brand-600">
      <Spinner className="size-5" />
      {percent !== undefined && <span className="text-xs tabular-nums text-slate-600">{percent}%</span>}
    </span>
  );
}
