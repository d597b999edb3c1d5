/*
 * The admin page asks for its opening screen's code (the shell's and the screen's chunks) as the HTML is
 * parsed: a small async script in its head, after the entry's own preloads (written at build time,
 * vite.config.ts), reads this table from a JSON block beside it (the server's Content-Security-Policy
 * allows no inline script) and adds the chunks' module preload links, while the entry's own chunks
 * download and with no work left for the entry's modules. Asked for from early-screen-code.ts, the
 * requests went out only once the modules it needs had run, and making their 8-10 links was 17-86 ms of
 * the entry's run with the CPU slowed 4x (bench/notes/web.md, 2026-12-06). The router's lazy routes then
 * find those modules on their way.
 */

/** The id of the JSON block that holds the table. */
export const PRELOAD_TABLE_ID = 'opening-screens';

/** A signed-in screen's router path and the chunk files it opens with (the shell's too). */
export interface OpeningScreen {
  path: string;
  files: string[];
}

/** Each screen's path as a pattern's source, with its files: the most specific first. */
export type PreloadTable = [source: string, files: string[]][];

const params = (path: string) => path.split('/').filter((part) => part.startsWith(':')).length;

/**
 * Ranked as the router ranks: a fixed segment before a parameter (/manage/ads/inHouseAds/add first).
 * `pattern` is web-paths' pathPattern, passed in: the build's config imports this module, and a package
 * import there would be read from the contract's build output, which a fresh checkout has not made yet.
 */
export function preloadTable(screens: OpeningScreen[], pattern: (path: string) => RegExp): PreloadTable {
  return [...screens]
    .sort((a, b) => params(a.path) - params(b.path))
    .map(({ path, files }) => [pattern(path).source, files]);
}

/**
 * Runs in the page as the script's own text, so it uses nothing from outside itself: a module preload link
 * for each file of the first screen whose pattern takes `pathname`; none for another path.
 */
export function linkOpeningScreen(table: PreloadTable, pathname: string, doc: Document): void {
  for (const [source, files] of table) {
    if (!new RegExp(source, 'i').test(pathname)) continue;
    for (const file of files) {
      const link = doc.createElement('link');
      link.rel = 'modulepreload';
      // As Vite's own module preloads: a module script is fetched in CORS mode, and only a match is reused.
      link.crossOrigin = '';
      link.href = `/${file}`;
      doc.head.appendChild(link);
    }
    return;
  }
}

/** The script's text: the table from its JSON block, the page's path. */
export const preloadScript = () =>
  `(${linkOpeningScreen.toString()})(JSON.parse(document.getElementById(${JSON.stringify(PRELOAD_TABLE_ID)}).textContent), location.pathname, document);\n`;

/** The JSON block's text: `<` escaped, so that no file name could end the block. */
export const preloadTableJson = (table: PreloadTable) => JSON.stringify(table).replace(/</g, '\\u003c');
