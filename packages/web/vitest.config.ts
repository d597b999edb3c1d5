import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { resolve } from './vite.config.ts';

export default defineConfig({
  plugins: [react()],
  resolve,
  test: {
    name: 'web',
    environment: 'jsdom',
    // Worker threads cost less than a forked process per jsdom file: -9 % CPU on 22 files
    // (docs/decisions/0024-test-speed.md).
    pool: 'threads',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    // jsdom screens with many user-event steps can take seconds on a busy 2-core machine.
    testTimeout: 20_000,
  },
});
