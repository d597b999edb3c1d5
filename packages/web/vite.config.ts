import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defaultClientConditions, defineConfig } from 'vite';

const here = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));
const api = 'http://127.0.0.1:8080';

/** Shared with vitest.config.ts: the `@/` alias and the contract's `source` export condition. */
export const resolve = {
  alias: { '@': here('./src') },
  conditions: ['source', ...defaultClientConditions],
};

// Two pages: the admin SPA (index.html) and the public site (site/index.html), built side by side
// into dist/ and served by the API server.
export default defineConfig({
  base: '/',
  plugins: [react(), tailwindcss()],
  resolve,
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    rolldownOptions: {
      input: { admin: here('./index.html'), site: here('./site/index.html') },
    },
  },
  server: {
    proxy: { '/api': api, '/media': api, '/runtime-config.js': api, '/healthz': api },
  },
});
