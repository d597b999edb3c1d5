import { useState } from 'react';
import { PushOptIn } from '../push/push-opt-in';
import { useIsPhone } from './device';
import { PlayStoreLink } from './play-store-link';
import { VideoFeed } from './video-feed';

type Stage = 'welcome' | 'viewing' | 'unavailable';

/**
 * The public vertical feed at /site/: phones only, after the welcome dialog. A phone turned sideways is
 * wider than a phone (doc 2 section 4) and gets the app-store gate; the feed stays mounted behind it,
 * hidden and paused, so turning back resumes the same video at the same page, with the download overlay
 * still up if it was and no second view counted.
 */
export function FeedPage() {
  const phone = useIsPhone();
  const [stage, setStage] = useState<Stage>('welcome');

  return (
    <>
      {!phone && <AppStoreGate />}
      {stage === 'viewing' && <VideoFeed hidden={!phone} onUnavailable={() => setStage('unavailable')} />}
      {phone && stage === 'unavailable' && <ContentNotAvailable onRetry={() => setStage('welcome')} />}
      {phone && stage === 'welcome' && (
        <WelcomeDialog onContinue={() => setStage('viewing')} onDecline={() => setStage('unavailable')} />
      )}
    </>
  );
}

function WelcomeDialog({ onContinue, onDecline }: { onContinue: () => void; onDecline: () => void }) {
  return (
    <div
      className="fixed inset-0 flex items-center justify-center bg-black/80 p-6"
      onKeyDown={(e) => e.key === 'Escape' && onDecline()}
    >
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="welcome-title"
        aria-describedby="welcome-text"
        className="w-full max-w-xs rounded-2xl bg-neutral-900 p-6 text-center shadow-2xl ring-1 ring-white/10"
      >
        <h1 id="welcome-title" className="text-xl font-semibold">
          Welcome
        </h1>
        <p id="welcome-text" className="mt-2 text-sm text-neutral-300">
          Do you want to view the content?
        </p>
        <div className="mt-6 flex flex-col gap-2">
          <button
            type="button"
            autoFocus
            onClick={onContinue}
            className="rounded-full bg-indigo-600 px-4 py-2.5 font-medium text-white hover:bg-indigo-500"
          >
            Continue
          </button>
          <button
            type="button"
            onClick={onDecline}
            className="rounded-full px-4 py-2 text-sm text-neutral-400 hover:text-neutral-200"
          >
            No, thanks
          </button>
        </div>
        {/* The visitor's own click asks for notification permission (browsers require a gesture). */}
        <PushOptIn className="mt-4 text-xs text-indigo-300 underline-offset-2 hover:underline" />
      </div>
    </div>
  );
}

function ContentNotAvailable({ onRetry }: { onRetry: () => void }) {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 px-6 text-center">
      <h1 className="text-xl font-semibold">Content Not Available</h1>
      <button
        type="button"
        onClick={onRetry}
        className="rounded-full bg-indigo-600 px-5 py-2.5 font-medium text-white hover:bg-indigo-500"
      >
        Try Again
      </button>
    </main>
  );
}

function AppStoreGate() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 px-6 text-center">
      <div aria-hidden="true" className="flex size-16 items-center justify-center rounded-2xl bg-indigo-600">
        <svg viewBox="0 0 24 24" className="size-8 fill-white">
          <path d="M9 7l8 5-8 5z" />
        </svg>
      </div>
      <h1 className="text-2xl font-semibold">Get Our Mobile App</h1>
      <p className="max-w-sm text-neutral-300">
        This content is only available on smartphones. Tablets and desktop devices are not supported.
      </p>
      <PlayStoreLink />
    </main>
  );
}
