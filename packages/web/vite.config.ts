import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defaultClientConditions, defineConfig, type Plugin, type Rolldown } from 'vite';
import { compression } from 'vite-plugin-compression2';
// The contract's source, not its package: the config is read before the contract's build output exists (a
// fresh checkout's tests start beside the build).
import { pathPattern, webPaths } from '../contract/src/web-paths.ts';
import { PRELOAD_TABLE_ID, preloadScript, preloadTable, preloadTableJson } from './src/app/screen-preload.ts';

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
 * The password rules, meter and strength estimate of the account and set-password screens: kept out too,
 * as the rules bring the team's schemas (contract/team, some 40), which every screen built as it started.
 */
const PASSWORD_SCREENS_ONLY =
  /[\\/]src[\\/](lib[\\/](password-check|use-password-strength)|ui[\\/]password-meter)\./;

/**
 * The toasts' place, which the toaster imports: kept out too, as the toaster's chunk, asked for once a page
 * has loaded (app/providers.tsx), then brought all of the shared chunk to the sign-in page.
 */
const TOASTER_TOO = /[\\/]src[\\/]ui[\\/]toasts-top\./;

/**
 * The modules the admin page's entry (main.tsx) imports statically, and those the sign-in page adds, found
 * once the build's module graph is complete (`findStartModules`): kept out of the shared chunk, as the entry
 * importing one of them made the sign-in page and every route load all of the shared chunk and what it
 * imports (the query cache, a dialog, a video source, file sniffing, the system stats' schemas...: 202 kB
 * gzipped for the sign-in page against its 150 kB budget, docs/decisions/0080). The entry's go to its chunk;
 * the sign-in page's (its form, fields, toasts), which the shell's sign-in-again dialog uses too, to one
 * chunk of their own. Found, not listed: a module the entry starts to import leaves the shared chunk.
 */
const entryModules = new Set<string>();
const signInModules = new Set<string>();
const ENTRY = here('./src/main.tsx');
const SIGN_IN_PAGE = here('./src/features/auth/pages/login-page.tsx');

function findStartModules(): Plugin {
  return {
    name: 'streamdesk:start-modules',
    apply: 'build',
    buildEnd() {
      const walk = (id: string, into: Set<string>, except = new Set<string>()) => {
        if (into.has(id) || except.has(id)) return;
        if (!this.getModuleInfo(id)) throw new Error(`start-modules: ${id} is not in the build`);
        into.add(id);
        for (const imported of this.getModuleInfo(id)?.importedIds ?? []) walk(imported, into, except);
      };
      entryModules.clear();
      signInModules.clear();
      walk(ENTRY, entryModules);
      walk(SIGN_IN_PAGE, signInModules, entryModules);
      // The page itself stays the router's lazy chunk.
      signInModules.delete(SIGN_IN_PAGE);
    },
  };
}

/**
 * V8's explicit compile hint (Chrome 136+; others ignore the comment): every function of a chunk is
 * compiled as the chunk streams in, on a background thread, instead of on the main thread when first
 * called. Nearly all of a chunk's code runs on its screen's first render, and with the CPU slowed 4x that
 * compiling was 0.4 s of every signed-in screen's load (bench/notes/web.md, 2026-12-05). After minification
 * (`postBanner`), so the minifier cannot drop it. The site's chunks too.
 */
const COMPILE_ALL_ON_LOAD = '//# allFunctionsCalledOnLoad';

/**
 * The hint is heeded only as a chunk's first line: Vite puts its one-line list of a chunk's lazy imports'
 * files (`__vite__mapDeps`) above the banner, and V8 then compiled the admin's entry chunk (on every route),
 * the analytics screen's and the password meter's function by function on the main thread again (in a
 * trace of a chunk so made, 350 functions parsed lazily during its evaluation; 36 with the hint first).
 * The swap follows Vite's own step that writes that line, before the `.br` and `.gz` copies are made from
 * the chunk; both lines carry no source mappings, so the source maps stay right.
 */
function compileHintFirst(): Plugin {
  const second = `\n${COMPILE_ALL_ON_LOAD}\n`;
  const hintFirst = (bundle: Rolldown.OutputBundle) => {
    for (const chunk of Object.values(bundle)) {
      if (chunk.type !== 'chunk' || chunk.code.startsWith(COMPILE_ALL_ON_LOAD)) continue;
      const end = chunk.code.indexOf(second);
      if (end === -1 || chunk.code.lastIndexOf('\n', end - 1) !== -1) continue;
      chunk.code = `${COMPILE_ALL_ON_LOAD}\n${chunk.code.slice(0, end)}\n${chunk.code.slice(end + second.length)}`;
    }
  };
  return {
    name: 'streamdesk:compile-hint-first',
    apply: 'build',
    configResolved(config) {
      const analysis = config.plugins.find((plugin) => plugin.name === 'vite:build-import-analysis');
      const hook = analysis?.generateBundle;
      const handler = typeof hook === 'function' ? hook : hook?.handler;
      if (!analysis || !handler) throw new Error("compile-hint-first: Vite's import analysis step not found");
      const after: typeof handler = async function (
        this: ThisParameterType<typeof handler>,
        options,
        bundle,
        isWrite,
      ) {
        await handler.call(this, options, bundle, isWrite);
        hintFirst(bundle);
      };
      analysis.generateBundle = typeof hook === 'function' ? after : { ...hook, handler: after };
    },
  };
}

/**
 * The module each signed-in screen's code is, as app/screen-code.ts imports it (its table is the one list
 * of screens; read as text, as it is app code), and the shell's.
 */
function screenModules(): { shell: string; screens: Record<string, string> } {
  const source = readFileSync(here('./src/app/screen-code.ts'), 'utf8');
  const file = (specifier: string) => {
    const base = specifier.startsWith('@/')
      ? here(`./src/${specifier.slice(2)}`)
      : here(`./src/app/${specifier}`);
    const found = ['.tsx', '.ts'].map((ext) => base + ext).find((path) => existsSync(path));
    if (!found) throw new Error(`screen-code.ts imports ${specifier}, which was not found`);
    return found;
  };
  const named = new Map(
    [...source.matchAll(/^const (\w+) = \(\) => import\('([^']+)'\);$/gm)].map((m) => [m[1]!, m[2]!]),
  );
  const screens: Record<string, string> = {};
  for (const [, name, imported, alias] of source.matchAll(
    /^ {2}(\w+): (?:\(\) => import\('([^']+)'\)|(\w+)),$/gm,
  )) {
    const specifier = imported ?? named.get(alias!);
    if (!specifier) throw new Error(`screen-code.ts: ${name}'s code not found`);
    screens[name!] = file(specifier);
  }
  const shell = /^export const shellCode = \(\) => import\('([^']+)'\);$/m.exec(source)?.[1];
  // Every entry of the table read, or the build stops: one written another way would get no early request.
  const entries = /export const screenCode = \{\n([^]*?)\n\}/.exec(source)?.[1]?.match(/^ {2}\w+:/gm)?.length;
  if (!shell || !entries || entries !== Object.keys(screens).length)
    throw new Error('screen-code.ts: its table was not read whole');
  return { shell: file(shell), screens };
}

/**
 * The admin page's script that asks for the opening screen's chunks as the HTML is parsed
 * (app/screen-preload.ts), and its table: each screen's path with its chunk and the chunks it imports (its
 * own module's lazy imports too), the shell's too, less those the page's own module preloads already ask
 * for. The script is a file of its own (named by its content, as the chunks are), the table a JSON block in
 * the page.
 */
function openingScreenPreloads(): Plugin {
  const script = preloadScript();
  const scriptFile = `assets/opening-screen-${createHash('sha256').update(script).digest('hex').slice(0, 10)}.js`;
  return {
    name: 'streamdesk:opening-screen-preloads',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: scriptFile, source: script });
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { path, bundle, chunk }) {
        if (path !== '/index.html' || !bundle || !chunk) return;
        const chunks = Object.values(bundle).filter((c): c is Rolldown.OutputChunk => c.type === 'chunk');
        const withImports = (fileName: string, into = new Set<string>()) => {
          if (into.has(fileName)) return into;
          into.add(fileName);
          for (const imported of chunks.find((c) => c.fileName === fileName)?.imports ?? [])
            withImports(imported, into);
          return into;
        };
        const inPage = withImports(chunk.fileName);
        const opening = (module: string, ownLazyImports = false) => {
          const own = chunks.find((c) => c.facadeModuleId === module);
          if (!own) throw new Error(`opening-screen-preloads: no chunk for ${module}`);
          const files = withImports(own.fileName);
          // A screen module's own import() is code it asks for as it runs (the analytics screen's chart):
          // asked for with the rest, not once the screen's chunk has come and run (docs/decisions/0080).
          if (ownLazyImports) for (const lazy of own.dynamicImports) withImports(lazy, files);
          return [...files].filter((fileName) => !inPage.has(fileName));
        };
        const { shell, screens } = screenModules();
        const shellFiles = opening(shell);
        const screen = (path: string, module: string) => ({
          path,
          files: [...new Set([...shellFiles, ...opening(module, true)])],
        });
        const paths = webPaths as Record<string, string>;
        const table = preloadTable(
          [
            // The index route ('/') is the shortcut list's, as in screen-code.ts.
            screen(webPaths.home, screens.shortcutStories!),
            ...Object.entries(screens).map(([name, module]) => {
              if (!paths[name]) throw new Error(`opening-screen-preloads: webPaths has no ${name}`);
              return screen(paths[name], module);
            }),
          ],
          pathPattern,
        );
        // In the head, beside the entry's own preloads, not at the body's end: the shared chunks the entry
        // imported before (docs/decisions/0080) are in these lists now, and from the body's end their
        // requests went out only after all of the entry's had come. Async, so that the page's parse does not
        // wait for it; the table is parsed before the script element, so it is there when the script runs.
        return [
          {
            tag: 'script',
            attrs: { type: 'application/json', id: PRELOAD_TABLE_ID },
            children: preloadTableJson(table),
            injectTo: 'head',
          },
          { tag: 'script', attrs: { src: `/${scriptFile}`, async: true }, injectTo: 'head' },
        ];
      },
    },
  };
}

// Two pages: the admin SPA (index.html) and the public site (site/index.html), built side by side
// into dist/ and served by the API server.
export default defineConfig({
  base: '/',
  plugins: [
    findStartModules(),
    compileHintFirst(),
    openingScreenPreloads(),
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
              test: (id) =>
                SHARED_UI.test(id) &&
                !entryModules.has(id) &&
                !signInModules.has(id) &&
                !SITE_TOO.test(id) &&
                !REPORT_SCREENS_ONLY.test(id) &&
                !PASSWORD_SCREENS_ONLY.test(id) &&
                !TOASTER_TOO.test(id),
              minShareCount: 2,
              includeDependenciesRecursively: false,
            },
            {
              name: 'sign-in',
              test: (id) => signInModules.has(id),
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
