import { controllerRoutes } from '@streamdesk/contract/controller';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, startNotes } from './platform/config.js';
import { mediaBinariesNote } from './platform/media/media-binaries.js';
import { startMediaTools } from './platform/media/video-tools.js';
import { resolveSecrets } from './platform/secrets.js';
import { startBanner } from './platform/start-banner.js';
import { startFailureMessage } from './platform/start-failure.js';

/** Starts the server: config, secrets, the first admin, listen, and a graceful stop on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  const started = performance.now();
  let loaded;
  try {
    loaded = resolveSecrets(loadConfig());
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const { config, generatedFile } = loaded;
  const app = await buildApp(config, { warmReaders: true });
  const admin = await app.streamdesk.auth.ensureAdmin(config.adminEmail, config.adminPassword);
  // Before listening: a stop asked for while the server starts is a clean stop too.
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  // The first launch read builds the cached reply (each launch list's version) and runs the request path's
  // code for the first time: made here, before listening, no app's launch waits for it (0047). A HEAD is
  // not counted as an app open.
  await app.inject({
    method: 'HEAD',
    url: controllerRoutes.loadCheck.path,
    headers: { 'api-key': config.apiKey },
  });
  const address = await app.listen({ port: config.port, host: config.host });
  // The first video upload finds its ffprobe already running (see streamProbe).
  startMediaTools().catch(() =>
    app.log.warn('no spare ffprobe started: uploads are probed from their files'),
  );
  const url = address.replace('[::1]', 'localhost');

  const toolsNote = mediaBinariesNote();
  const notes = [...startNotes(), ...(toolsNote ? [toolsNote] : [])];
  const startedMs = performance.now() - started;
  console.log(startBanner({ url, startedMs, generatedFile, notes, admin: admin ?? undefined }));
}

main().catch((error: unknown) => {
  console.error(startFailureMessage(error, process.env.DATABASE_URL || undefined));
  process.exit(1);
});
