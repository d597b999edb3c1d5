import { RemoteImage } from '@/ui/remote-image';

/**
 * The video's thumbnail, or a neutral placeholder when the image is missing or broken (tried again when
 * the browser comes back online, as every list image is: ui/remote-image.tsx).
 */
export function VideoThumbnail({ src, label }: { src: string; label: string }) {
  const placeholder = (
    <span
      role="img"
      aria-label={`${label} (no thumbnail)`}
      className="inline-flex h-12 w-20 items-center justify-center rounded-md bg-slate-200 text-slate-500"
    >
      <svg viewBox="0 0 24 24" className="size-5 fill-current" aria-hidden="true">
        <path d="M9 7l8 5-8 5z" />
      </svg>
    </span>
  );
  if (!src) return placeholder;
  return (
    <RemoteImage
      src={src}
      alt={label}
      whenNearScreen
      fallback={placeholder}
      className="h-12 w-20 rounded-md bg-slate-100 object-cover ring-1 ring-slate-200"
    />
  );
}
