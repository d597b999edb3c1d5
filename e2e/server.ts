import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const serverEntry = path.join(root, 'packages/server/dist/main.js');
export const webEntry = path.join(root, 'packages/web/dist/index.html');

export const E2E_ADMIN = { email: 'admin@example.com', password: 'e2e-password-123' };
export const E2E_API_KEY = 'e2e-api-key-0123456789abcdef';
export const E2E_PAYLOAD_KEY = '5f'.repeat(32);

export interface RunningServer {
  baseURL: string;
  dataDir: string;
  stop(): Promise<void>;
}

/** Starts the built server on a random port with a fresh data folder; resolves when it prints its URL. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sd-e2e-'));
  const child: ChildProcess = spawn(process.execPath, [serverEntry], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      API_KEY: E2E_API_KEY,
      PAYLOAD_KEY: E2E_PAYLOAD_KEY,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      PUBLIC_LIVE_HOST: 'https://live.example.com',
      PLAY_STORE_URL: 'https://play.google.com/store/apps/details?id=com.example.streamdesk',
      // SQLite's readers at the suite's priority: beside Chromium and the Vitest workers, at nice 19 they
      // wait for those, not for their own server's quick reads as in production (0085).
      SQLITE_READERS_NICE: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const baseURL = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 30 s:\n${output}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (http:\/\/[^\s/]+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (c: Buffer) => {
      output += c.toString();
      process.stderr.write(c);
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  return {
    baseURL,
    dataDir,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
