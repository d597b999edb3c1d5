// The Hindi lines' font, shipped: a phone or computer without a Devanagari font showed empty boxes. Only
// the devanagari subset, in the two weights used (woff2: 50 KB and 54 KB); the browser fetches a face
// only once text set in it is drawn, so the feed loads nothing more until the overlay shows.
import '@fontsource/noto-sans-devanagari/devanagari-400.css';
import '@fontsource/noto-sans-devanagari/devanagari-600.css';
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
      <div lang="hi" className="space-y-2 font-['Noto_Sans_Devanagari',sans-serif]">
        <p className="text-xl font-semibold">पूरा वीडियो हमारे ऐप में देखें</p>
        <p className="text-neutral-300">देखना जारी रखने के लिए ऐप डाउनलोड करें।</p>
      </div>
      <PlayStoreLink />
    </div>
  );
}
