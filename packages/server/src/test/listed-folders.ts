/**
 * A setup file: records every folder listed through `node:fs/promises` `readdir` in this worker, for
 * serve-media.test.ts ("lists no folder to serve a file"). @fastify/static takes `readdir` from that
 * module once, when it loads, so the recorder must be in place before any test file loads it: with
 * isolation off (vitest.config.ts) a worker's files share their modules, and the first file to build an
 * app loads @fastify/static for all that follow.
 */
const RECORDED = Symbol.for('streamdesk.test.listedFolders');
type WithRecord = typeof globalThis & { [RECORDED]?: string[] };

const global = globalThis as WithRecord;
if (!global[RECORDED]) {
  const seen: string[] = [];
  const fsp = process.getBuiltinModule('node:fs/promises');
  const readdir = fsp.readdir.bind(fsp);
  Object.assign(fsp, {
    readdir: (dir: Parameters<typeof readdir>[0], ...rest: unknown[]) => {
      seen.push(String(dir));
      return (readdir as (...args: unknown[]) => unknown)(dir, ...rest);
    },
  });
  global[RECORDED] = seen;
}

/** The folders listed so far in this worker (clear it with `length = 0` before what a test watches). */
export const listedFolders = (): string[] => global[RECORDED] ?? [];
