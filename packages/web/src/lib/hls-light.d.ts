// hls.js ships the light build's code under its `./light` export but types only for the full build,
// whose API the light build shares (less subtitles, alternate audio and DRM).
declare module 'hls.js/light' {
  export { default } from 'hls.js';
}
