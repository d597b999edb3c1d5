import { screenCodeFor } from './screen-code';

/*
 * Asks for the opening screen's code (and the shell's) as the app's own modules start to run: main.tsx
 * imports this module first. The router asked for it only once it was made, after them, 0.15-0.35 s later
 * with the CPU slowed 4x, and then waited for its download (bench/notes/web.md, 2026-12-05). The router's
 * lazy route imports the same module and finds the one asked for here; a failed download is the router's
 * to report, as before. Their files are asked for sooner still, as index.html is parsed (screen-preload.ts):
 * this import then finds them on their way.
 */
for (const load of screenCodeFor(window.location.pathname)) load().catch(() => undefined);
