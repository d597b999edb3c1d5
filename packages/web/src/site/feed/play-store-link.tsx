import { runtimeConfig } from '@/lib/runtime-config';

/** The store link of the runtime config (PLAY_STORE_URL). */
export function PlayStoreLink({ className }: { className?: string }) {
  const href = runtimeConfig().playStoreUrl || 'https://play.google.com/store';
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={
        className ??
        'inline-flex items-center justify-center rounded-full bg-emerald-700 px-5 py-3 font-medium text-white hover:bg-emerald-800'
      }
    >
      Download from Google Play
    </a>
  );
}
