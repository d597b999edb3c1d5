import { isDatabaseUnavailable } from './db/unavailable.js';

/** The one line printed when the server cannot start, naming the setting to look at where it can. */
export function startFailureMessage(error: unknown, databaseUrl: string | undefined): string {
  const detail = error instanceof Error ? error.message : String(error);
  if (databaseUrl && isDatabaseUnavailable(error)) {
    let where = 'the DATABASE_URL host';
    try {
      const url = new URL(databaseUrl);
      where = `${url.hostname}:${url.port || '5432'} (DATABASE_URL)`;
    } catch {
      // Config already checked its shape; keep the generic words.
    }
    return `Streamdesk failed to start: the database at ${where} did not answer: ${detail}`;
  }
  return `Streamdesk failed to start: ${detail}`;
}
