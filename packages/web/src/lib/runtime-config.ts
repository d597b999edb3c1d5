import { DEFAULT_REPORT_TIME_ZONE } from '@streamdesk/contract/report-days';

/** What the server serves from /runtime-config.js for this deployment (loaded before the app). */
export interface RuntimeConfig {
  apiKey: string;
  /** 64 hex characters: the AES key of the request/reply envelope. */
  payloadKey: string;
  blockDevtools: boolean;
  publicLiveHost: string;
  /** PUBLIC_LIVE_HOST is set: a copied live-match link opens the live page (0002). */
  liveHostSet: boolean;
  playStoreUrl: string;
  /** The server's REPORT_TIME_ZONE: the calendar days events are counted on. */
  reportTimeZone: string;
}

declare global {
  interface Window {
    __STREAMDESK__?: Partial<RuntimeConfig>;
  }
}

const fallback: RuntimeConfig = {
  apiKey: '',
  payloadKey: '',
  blockDevtools: false,
  publicLiveHost: '',
  liveHostSet: true,
  playStoreUrl: '',
  reportTimeZone: DEFAULT_REPORT_TIME_ZONE,
};

/** Read on every call so tests (and a late-loading script) can change it. */
export function runtimeConfig(): RuntimeConfig {
  const injected = typeof window === 'undefined' ? undefined : window.__STREAMDESK__;
  return { ...fallback, ...injected };
}
