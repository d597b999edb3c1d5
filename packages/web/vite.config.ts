import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defaultClientConditions, defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

const here = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));
const api = 'http://127.0.0.1:8080';

/** Shared with vitest.config.ts: the `@/` alias and the contract's `source` export condition. */
export const resolve = {
  alias: { '@': here('./src') },
  conditions: ['source', ...defaultClientConditions],
};

/** The admin's shared modules (ui/, lib/): one chunk, not one each (a list screen loaded 48-58 chunks). */
const SHARED_UI = /[\\/]packages[\\/]web[\\/]src[\\/](ui|lib)[\\/]/;
/** Those the public site imports too, and what they import: kept out, so the site loads none of the admin's. */
const SITE_TOO = /[\\/]src[\\/](lib[\\/](deadlines|hls-source|runtime-config|cn)|ui[\\/]spinner)\./;
/**
 * The analytics and ad unit screens' range picker and ranges: kept out too, as they bring those screens'
 * schemas (contract/analytics, contract/ad-units), which every other screen, the login page included,
 * built at start from the shared chunk (bench/notes/web.md, 2026-12-05).
 */
const REPORT_SCREENS_ONLY = /[\\/]src[\\/](lib[\\/]report-ranges|ui[\\/]date-range-picker)\./;

/**
 * V8's explicit compile hint (Chrome 136+; others ignore the comment): every function of a chunk is
 * compiled as the chunk streams in, on a background thread, instead of on the main thread when first
 * called. Nearly all of a chunk's code runs on its screen's first render, and with the CPU slowed 4x that
 * compiling was 0.4 s of every signed-in screen's load (bench/notes/web.md, 2026-12-05). After minification
 * (`postBanner`), so the minifier cannot drop it; the hint covers the functions after it, so it is the
 * file's first line (its second in a chunk with lazy imports, after Vite's one-line list of their files).
 * The site's chunks too.
 */
const COMPILE_ALL_ON_LOAD = '//# allFunctionsCalledOnLoad';

// Two pages: the admin SPA (index.html) and the public site (site/index.html), built side by side
// into dist/ and served by the API server.
export default defineConfig({
  base: '/',
  plugins: [
    react(),
    tailwindcss(),
    // Brotli and gzip copies beside each text asset, which the server sends to browsers that take them
    // (@fastify/static's preCompressed): the admin's first load on a poor mobile link is its bundle's size.
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      include: /\.(js|css|html|svg|json)$/,
      threshold: 1024,
    }),
  ],
  resolve,
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    rolldownOptions: {
      input: { admin: here('./index.html'), site: here('./site/index.html') },
      output: {
        postBanner: COMPILE_ALL_ON_LOAD,
        codeSplitting: {
          groups: [
            {
              name: 'ui',
              test: (id) => SHARED_UI.test(id) && !SITE_TOO.test(id) && !REPORT_SCREENS_ONLY.test(id),
              minShareCount: 2,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': api, '/media': api, '/runtime-config.js': api, '/healthz': api },
  },
});
