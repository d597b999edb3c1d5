import { PlayStoreLink } from './play-store-link';

/** Shown after webPosition seconds: the full video is in the app (English and Hindi). */
export function DownloadOverlay() {
  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-labelledby="download-title"
      className="fixed inset-0 z-20 flex flex-col items-center justify-center gap-5 bg-black/85 px-6 text-center backdrop-blur-sm"
    >
      <div className="space-y-2">
        <h2 id="download-title" className="text-2xl font-semibold">
          Watch the full video in our app
        </h2>
        <p className="text-neutral-300">Download the app to keep watching.</p>
      </div>
      <div lang="hi" className="space-y-2">
        <p className="text-xl font-semibold">पूरा वीडियो हमारे ऐप में देखें</p>
        <p className="text-neutral-300">देखना जारी रखने के लिए ऐप डाउनलोड करें।</p>
      </div>
      <PlayStoreLink />
    </div>
  );
}
