import { useEffect, useState, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { ImageOffIcon } from './icons';
import { useNearScreen } from './use-near-screen';

/**
 * After the browser says it is back online, an image that fails again is tried again this many times, after
 * these waits (ms): a connection that comes back is often not usable at once (a phone's hotspot, or the
 * browser's `online` before its requests go through), and without another `online` it would stay a
 * placeholder until a reload.
 */
export const ONLINE_RETRY_DELAYS_MS = [1_000, 2_000, 4_000];

/** How the stylesheet's base (Tailwind's preflight) lays out every <img>: what stands in for one does the same. */
const IMAGE_BOX = 'block align-middle';

export interface RemoteImageProps {
  src: string;
  /** The image's text; '' for a decorative one, whose placeholder is then hidden from screen readers too. */
  alt: string;
  /** The image's box (size, rounding, ring), kept by the placeholder. */
  className?: string | undefined;
  /** Added to the placeholder only: a size for an image whose box comes from its own pixels. */
  placeholderClassName?: string | undefined;
  loading?: 'lazy' | 'eager' | undefined;
  /**
   * Fetched only once it comes within a few rows of the window (ui/use-near-screen.ts), not from
   * Chromium's 1,250 px: for a list whose rows carry several images, most of them below the first screen.
   * The <img> is then made when it is near, and fetched at once: `loading` is not used.
   */
  whenNearScreen?: boolean | undefined;
  /** Shown instead of the default placeholder when the image fails. */
  fallback?: ReactNode;
}

/**
 * A list or preview image from the server that shows a neutral placeholder, not the browser's broken-image
 * glyph, when it fails. It is tried again when the browser comes back online (admins work from phone
 * hotspots: an image that failed while the connection was down would otherwise stay broken until a reload),
 * a few times more if it fails again just then (ONLINE_RETRY_DELAYS_MS), and when `src` changes. The
 * placeholder replaces the <img>, so a retry mounts a new one, which the browser fetches again (a failed
 * load is not cached). See docs/decisions/0013-screens.md.
 */
export function RemoteImage({
  src,
  alt,
  className,
  placeholderClassName,
  loading,
  whenNearScreen = false,
  fallback,
}: RemoteImageProps) {
  const { ref, near } = useNearScreen<HTMLSpanElement>(whenNearScreen);
  const [failed, setFailed] = useState(false);
  // The retries left since the browser last came back online (ONLINE_RETRY_DELAYS_MS).
  const [retriesLeft, setRetriesLeft] = useState(0);
  const [shownSrc, setShownSrc] = useState(src);
  if (src !== shownSrc) {
    // Another image: it gets its own chance (state adjusted while rendering, not in an effect).
    setShownSrc(src);
    setFailed(false);
    setRetriesLeft(0);
  }

  useEffect(() => {
    const retry = () => {
      setFailed(false);
      setRetriesLeft(ONLINE_RETRY_DELAYS_MS.length);
    };
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, []);

  // Failed again soon after coming back online: once more after a wait, while retries are left.
  useEffect(() => {
    if (!failed || retriesLeft === 0) return;
    const wait = ONLINE_RETRY_DELAYS_MS[ONLINE_RETRY_DELAYS_MS.length - retriesLeft];
    const timer = setTimeout(() => {
      setRetriesLeft(retriesLeft - 1);
      setFailed(false);
    }, wait);
    return () => clearTimeout(timer);
  }, [failed, retriesLeft]);

  if (!near)
    // Not fetched yet: a plain box of the image's size (an <img> without a src would show the browser's
    // grey frame and its alt text), named as the image is, so nothing moves or reads differently. A block,
    // as the stylesheet's base makes every <img>: an inline-block box sat on a text line, and in a table
    // cell that line's descent made each row 5 px taller than with its image. The rows then moved up as
    // their images came, and the first screen's last row, measured beyond NEAR_SCREEN_PX, had its images
    // asked for a render later, at the end of the load (bench/notes/web.md, 2026-12-06).
    return (
      <span
        ref={ref}
        role={alt ? 'img' : undefined}
        aria-label={alt || undefined}
        aria-hidden={alt ? undefined : true}
        className={cn(IMAGE_BOX, 'bg-slate-100', className, placeholderClassName)}
      />
    );
  if (!failed)
    // Keyed by src: a late error of the image before cannot mark this one as failed.
    return (
      <img
        key={src}
        src={src}
        alt={alt}
        // Near already: the browser's own lazy loading would ask for it only after the next frame's
        // layout, 0.05-0.1 s later with the CPU slowed 4x (bench/notes/web.md, 2026-12-06).
        loading={whenNearScreen ? undefined : loading}
        className={className}
        onError={() => setFailed(true)}
      />
    );
  if (fallback !== undefined) return fallback;
  const label = alt ? `${alt} (image not loaded)` : undefined;
  return (
    // Laid out as an <img> is, with the same box; its icon is out of flow.
    <span
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      title="The image could not be loaded"
      className={cn(IMAGE_BOX, 'relative overflow-hidden', className, placeholderClassName)}
    >
      {/* Over the box's own background (a dark one behind a reel), so every placeholder looks the same. */}
      <span className="absolute inset-0 flex items-center justify-center bg-slate-100 text-slate-400">
        <ImageOffIcon className="size-5 max-h-[60%] max-w-[60%] shrink-0" />
      </span>
    </span>
  );
}
