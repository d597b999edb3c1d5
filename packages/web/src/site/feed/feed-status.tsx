import { Spinner } from '@/ui/spinner';

/** Until the first page (or its error): a slow line shows this, not a black screen. */
export function FeedLoading() {
  return (
    <div
      role="status"
      aria-label="Loading videos"
      className="absolute inset-0 flex flex-col items-center justify-center gap-3 text-neutral-300"
    >
      <Spinner className="size-10" />
      <p className="text-sm">Loading videos…</p>
    </div>
  );
}

/** A spinner over the current video's poster while it waits for data to play. */
export function VideoLoading() {
  return (
    <div
      role="status"
      aria-label="Loading the video"
      className="pointer-events-none absolute inset-0 flex items-center justify-center"
    >
      {/* On a dark disc, so it shows on any poster. */}
      <span className="rounded-full bg-black/60 p-3 text-white">
        <Spinner className="size-8" />
      </span>
    </div>
  );
}

/** The inline red error, with Try Again for the page that failed (the videos shown stay). */
export function FeedError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="absolute inset-x-4 top-4 z-30 flex items-center gap-3 rounded-md bg-red-600 px-3 py-2 text-sm text-white">
      <p role="alert" className="flex-1">
        {message}
      </p>
      <button
        type="button"
        onClick={onRetry}
        className="rounded-full bg-white px-3 py-1 font-medium text-red-700"
      >
        Try Again
      </button>
    </div>
  );
}
