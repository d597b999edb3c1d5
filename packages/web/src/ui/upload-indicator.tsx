import { useEffect, useState } from 'react';
import { CheckIcon, CloseIcon } from './icons';
import { Spinner } from './spinner';

export type UploadState = 'idle' | 'uploading' | 'success' | 'error';

/** What the spinner, the tick and the cross are called (their accessible names, and titles on hover). */
export interface UploadLabels {
  busy: string;
  done: string;
  failed: string;
}

/**
 * For a file being sent. A picker whose file is only checked until its form is saved says so with labels
 * of its own: 'Upload complete' beside a file not sent yet would tell the admin it is saved.
 */
export const UPLOAD_LABELS: UploadLabels = {
  busy: 'Uploading',
  done: 'Upload complete',
  failed: 'Upload failed',
};

/**
 * For a picker whose latest pick was refused before anything was sent (its kind, its size): the cross
 * says so, not 'Upload failed'. A picker passes it while `useCheckedFile`'s `problem` is set.
 */
export const REFUSED_PICK_LABELS: UploadLabels = { ...UPLOAD_LABELS, failed: 'File refused' };

/** The tick appears this long after a successful upload (doc 1 section 9). */
export const UPLOAD_TICK_DELAY_MS = 1000;

/**
 * A spinner while uploading, then a cross on error or, after a 1-second delay, a tick on success.
 * Renders nothing when idle. `percent` (0-100) is shown beside the spinner when known; `labels` name the
 * three marks (UPLOAD_LABELS unless given).
 */
export function UploadIndicator({
  state,
  percent,
  labels = UPLOAD_LABELS,
}: {
  state: UploadState;
  percent?: number | undefined;
  labels?: UploadLabels | undefined;
}) {
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
        aria-label={labels.failed}
        title={labels.failed}
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
        aria-label={labels.done}
        title={labels.done}
        className="inline-flex size-6 items-center justify-center rounded-full bg-emerald-100 text-emerald-600"
      >
        <CheckIcon className="size-4" />
      </span>
    );
  }
  return (
    <span
      role="img"
      aria-label={labels.busy}
      title={labels.busy}
      className="inline-flex items-center gap-1.5 text-brand-600"
    >
      <Spinner className="size-5" />
      {percent !== undefined && <span className="text-xs tabular-nums text-slate-600">{percent}%</span>}
    </span>
  );
}
