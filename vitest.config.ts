import { defineConfig } from 'vitest/config';

// One Vitest run covers the unit and integration projects; the browser suite runs separately (scripts/test.mjs).
export default defineConfig({
  test: {
    projects: ['packages/contract', 'packages/server', 'packages/web'],
  },
});
