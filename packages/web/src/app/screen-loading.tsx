import { useEffect, useState } from 'react';
import { cn } from '@/lib/cn';

/** After this long a screen still on its way says so in words, not only with the thin bar. */
export const SCREEN_LOADING_NOTICE_MS = 2_000;
/** After this long it says the connection may be the reason. */
export const SCREEN_LOADING_SLOW_MS = 10_000;

export const screenLoadingMessages = {
  loading: 'Loading the screen…',
  slow: 'This screen is still loading. The connection may be slow.',
} as const;

type Stage = 'none' | 'loading' | 'slow';

/**
 * Shown while a screen's code is on its way (`pending`): the bar at once, then words. On a frozen or
 * very slow connection the chunk may take up to its 120 s limit (screen-chunk.ts), and a 2 px bar alone
 * left the admin wondering whether the click had registered. The screen they are on stays usable.
 * The live region is always there, so the words are announced when they appear.
 */
export function ScreenLoading({ pending }: { pending: boolean }) {
  const [stage, setStage] = useState<Stage>('none');

  useEffect(() => {
    if (!pending) return;
    const timers = [
      setTimeout(() => setStage('loading'), SCREEN_LOADING_NOTICE_MS),
      setTimeout(() => setStage('slow'), SCREEN_LOADING_SLOW_MS),
    ];
    return () => {
      timers.forEach(clearTimeout);
      setStage('none');
    };
  }, [pending]);

  const words = pending && stage !== 'none' ? screenLoadingMessages[stage] : '';
  return (
    <>
      {pending && (
        <div
          role="progressbar"
          aria-label="Loading page"
          className="fixed inset-x-0 top-0 z-[60] h-0.5 animate-pulse bg-brand-500"
        />
      )}
      <div
        role="status"
        className={cn(
          words
            ? 'fixed bottom-4 left-1/2 z-[60] w-max max-w-[calc(100vw-2rem)] -translate-x-1/2 rounded-md bg-white px-4 py-2 text-sm font-medium text-gray-800 shadow-md ring-1 ring-gray-900/10'
            : 'sr-only',
        )}
      >
        {words}
      </div>
    </>
  );
}
