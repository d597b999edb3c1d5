import { spawn } from 'node:child_process';
import path from 'node:path';

const runner = path.join(import.meta.dirname, 'source-main.mjs');
const START_TIMEOUT_MS = 30_000;

export interface ServerProcess {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  signal(signal: NodeJS.Signals): void;
  /** How the process ended; rejects if it is still running after `ms`. */
  exited(ms: number): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Ends the process at once if it still runs (a test that failed before stopping it). */
  kill(): void;
}

/**
 * Starts `src/main.ts` (source-main.mjs) as `npm start` runs it, with `env` alone (not the test's own
 * environment), on a free port of 127.0.0.1; resolves once it prints its URL.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, [runner], {
    env: { PATH: process.env.PATH ?? '', ...env, PORT: '0', HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const origin = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server did not start in ${START_TIMEOUT_MS} ms:\n${output}`));
    }, START_TIMEOUT_MS);
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const url = /running at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve(url);
      }
    });
    void ended.then(({ code }) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code} before it started:\n${output}`));
    });
  });
  return {
    origin,
    signal: (signal) => child.kill(signal),
    exited: async (ms) => {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`still running after ${ms} ms:\n${output}`)), ms);
      });
      try {
        return await Promise.race([ended, late]);
      } finally {
        clearTimeout(timer);
      }
    },
    kill: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}
