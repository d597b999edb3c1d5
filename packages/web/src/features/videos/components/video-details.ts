import type { Video } from '@streamdesk/contract/videos';

/** 65.4 → '1:05', 3723 → '1:02:03'; an unknown duration (0) → ''. */
export function formatDuration(seconds: number): string {
  if (!(seconds > 0)) return '';
  const whole = Math.round(seconds);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** Bytes as the library shows them: '850 KB', '12.3 MB'; 0 → ''. */
export function formatSize(bytes: number): string {
  if (!(bytes > 0)) return '';
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** One line of what is known of a video: '1:05 · 1280×720 · 12.3 MB'; a video uploaded before says so. */
export function videoDetails(video: Pick<Video, 'duration' | 'width' | 'height' | 'size'>): string {
  const parts = [
    formatDuration(video.duration),
    video.width && video.height ? `${video.width}×${video.height}` : '',
    formatSize(video.size),
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : 'Not known';
}
