/**
 * The public feed is for phones: an Android phone's Chrome (MSE, so hls.js plays the HLS ladder), as the
 * feed's HLS spec and bench:processing open it (Playwright context options).
 */
export const ANDROID_PHONE = {
  viewport: { width: 390, height: 844 },
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36',
  isMobile: true,
  hasTouch: true,
};
