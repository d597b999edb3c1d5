import { useCallback, useEffect, useRef, useState } from 'react';
import type { PreviousUpload } from 'tus-js-client';
import { resumableUpload, unfinishedUpload, type ResumableUpload } from './resumable-upload';

export type ItemState =
  'ready' | 'waiting' | 'sending' | 'retrying' | 'paused' | 'done' | 'failed' | 'cancelled';

export interface BatchItem {
  key: string;
  file: File;
  state: ItemState;
  sent: number;
  /** Bytes a second over the last few seconds (0 when not sending). */
  speed: number;
  /** Why it failed. */
  message?: string;
  /** An upload of this file left unfinished before (a reload): it goes on from there. */
  previous?: PreviousUpload;
  /** The browser was offline when it failed: it is sent again once the network is back. */
  offline?: boolean;
}

/** Files sent at once: below the server's UPLOADS_PER_CLIENT (4), one slot left for the page's calls. */
const AT_ONCE = 3;
/** How often the speed is worked out (shorter is jumpy). */
const SPEED_WINDOW_MS = 1000;

const ACTIVE: readonly ItemState[] = ['waiting', 'sending', 'retrying'];
/** On its way, or stopped by the browser going offline (it goes on by itself once back online). */
export const isActive = (item: BatchItem) =>
  ACTIVE.includes(item.state) || (item.state === 'failed' && item.offline === true);
/** Finished one way or another: nothing more happens to it without the admin. */
export const isSettled = (item: BatchItem) => ['done', 'failed', 'cancelled'].includes(item.state);

let nextKey = 0;

/**
 * The files of the upload page and their resumable uploads: each one's state, bytes sent and speed, and
 * pause, resume, cancel and retry; at most AT_ONCE are sent at a time, the others wait.
 */
export function useUploadBatch(onSettled: (items: BatchItem[]) => void) {
  const [items, setItems] = useState<BatchItem[]>([]);
  const uploads = useRef(new Map<string, ResumableUpload>());
  const samples = useRef(new Map<string, { at: number; sent: number }>());
  const category = useRef('');
  const settledRef = useRef(onSettled);
  settledRef.current = onSettled;
  /** False once the page has gone: a pick still being read then adds nothing. */
  const shown = useRef(true);

  const update = useCallback((key: string, change: Partial<BatchItem>) => {
    setItems((before) => before.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  /** Bytes sent, and the speed once a window has gone by; a late event after a pause changes nothing. */
  const progress = useCallback((key: string, sent: number) => {
    const now = performance.now();
    const last = samples.current.get(key);
    const windowDone = last !== undefined && now - last.at >= SPEED_WINDOW_MS;
    if (!last || windowDone) samples.current.set(key, { at: now, sent });
    const speed = windowDone ? Math.max(0, ((sent - last.sent) * 1000) / (now - last.at)) : undefined;
    setItems((before) =>
      before.map((item) =>
        item.key === key && (item.state === 'sending' || item.state === 'retrying')
          ? { ...item, sent, state: 'sending', ...(speed === undefined ? {} : { speed }) }
          : item,
      ),
    );
  }, []);

  const begin = useCallback(
    (item: BatchItem) => {
      samples.current.delete(item.key);
      let upload = uploads.current.get(item.key);
      if (!upload) {
        upload = resumableUpload(
          item.file,
          category.current,
          {
            onProgress: (sent) => progress(item.key, sent),
            onRetrying: () => update(item.key, { state: 'retrying', speed: 0 }),
            onDone: () => update(item.key, { state: 'done', sent: item.file.size, speed: 0 }),
            // The upload is kept: started again, it asks the server where it stopped.
            onFailed: (message, offline) => update(item.key, { state: 'failed', speed: 0, message, offline }),
          },
          item.previous,
        );
        uploads.current.set(item.key, upload);
      }
      update(item.key, { state: 'sending', message: undefined, offline: false });
      upload.start();
    },
    [progress, update],
  );

  // Starts waiting files while fewer than AT_ONCE are on their way.
  useEffect(() => {
    const sending = items.filter((i) => i.state === 'sending' || i.state === 'retrying').length;
    const next = items.filter((i) => i.state === 'waiting').slice(0, Math.max(0, AT_ONCE - sending));
    next.forEach(begin);
  }, [items, begin]);

  // Once every file of a started batch has settled, the page hears of it once.
  const running = items.some(isActive);
  const wasRunning = useRef(false);
  useEffect(() => {
    if (running) wasRunning.current = true;
    else if (
      wasRunning.current &&
      items.every((i) => isSettled(i) || i.state === 'ready' || i.state === 'paused')
    ) {
      wasRunning.current = false;
      settledRef.current(items);
    }
  }, [running, items]);

  // The page goes (a move within the app): every file still sending is paused as its Pause does, so the
  // server keeps what it has and the file picked again goes on from there ('Resumes where it stopped'), and
  // no upload's event reaches the page any more: nothing goes on that no screen shows or can stop
  // (docs/decisions/0068-uploads-when-the-screen-goes.md).
  useEffect(() => {
    shown.current = true;
    const open = uploads.current;
    return () => {
      shown.current = false;
      for (const upload of open.values()) upload.leave();
    };
  }, []);

  // Back online: the files that failed for want of a network go on from the server's last byte.
  useEffect(() => {
    const online = () =>
      setItems((before) =>
        before.map((i) => (i.state === 'failed' && i.offline ? { ...i, state: 'waiting' } : i)),
      );
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, []);

  return {
    items,
    running,
    /** Adds picked files, marking those this browser left unfinished before. */
    add: async (files: File[]) => {
      const added = await Promise.all(
        files.map(async (file): Promise<BatchItem> => ({
          key: `f${nextKey++}`,
          file,
          state: 'ready',
          sent: 0,
          speed: 0,
          previous: await unfinishedUpload(file),
        })),
      );
      if (shown.current) setItems((before) => [...before, ...added]);
    },
    remove: (key: string) => setItems((before) => before.filter((i) => i.key !== key)),
    /** Drops the finished files (they are in the library now). */
    clearDone: () => setItems((before) => before.filter((i) => i.state !== 'done')),
    start: (categoryId: string) => {
      category.current = categoryId;
      setItems((before) =>
        before.map((i) => (i.state === 'ready' || i.state === 'failed' ? { ...i, state: 'waiting' } : i)),
      );
    },
    pause: (key: string) => {
      uploads.current.get(key)?.pause();
      update(key, { state: 'paused', speed: 0 });
    },
    resume: (key: string) => update(key, { state: 'waiting' }),
    retry: (key: string) => update(key, { state: 'waiting', message: undefined }),
    cancel: (key: string) => {
      const upload = uploads.current.get(key);
      uploads.current.delete(key);
      update(key, { state: 'cancelled', speed: 0 });
      void upload?.cancel().catch(() => undefined);
    },
  };
}
