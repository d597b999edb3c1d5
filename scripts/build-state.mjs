import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Whether the built product is missing or older than its sources (so `npm start` knows to build). Each
 * output is a file every build writes again: a folder's time changes only when an entry is added or
 * removed, so the contract's dist folder looked old after every rebuild and each start built again.
 */
export function needsBuild(root) {
  const outputs = [
    'packages/contract/dist/http.js',
    'packages/server/dist/main.js',
    'packages/web/dist/index.html',
  ].map((p) => path.join(root, p));
  if (outputs.some((p) => !existsSync(p))) return true;
  const builtAt = Math.min(...outputs.map((p) => statSync(p).mtimeMs));
  const sources = [
    'packages/contract/src',
    'packages/server/src',
    'packages/web/src',
    'packages/web/site',
    'packages/web/index.html',
  ];
  return sources.some((p) => newestMtime(path.join(root, p)) > builtAt);
}

function newestMtime(p) {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  let newest = s.mtimeMs;
  for (const entry of readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}
