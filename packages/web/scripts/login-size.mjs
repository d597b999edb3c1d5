// Prints the gzip size of the JavaScript the login page loads: the admin entry, its static imports,
// and the login screen's chunk with its static imports (from dist/.vite/manifest.json).
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const dist = new URL('../dist/', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('.vite/manifest.json', dist), 'utf8'));
const files = new Set();
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const dep of chunk.imports ?? []) visit(dep);
};
visit('index.html');
visit(Object.keys(manifest).find((key) => key.endsWith('features/auth/pages/login-page.tsx')));

let total = 0;
for (const file of [...files].sort()) {
  const size = gzipSync(readFileSync(new URL(file, dist))).length;
  total += size;
  console.log(`${(size / 1000).toFixed(1).padStart(7)} kB  ${file}`);
}
console.log(
  `${(total / 1000).toFixed(1).padStart(7)} kB  total gzip JS for the login page (target < 150 kB)`,
);
