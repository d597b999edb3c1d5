import type { FastifyInstance } from 'fastify';

const DAY_MS = 24 * 60 * 60 * 1000;
const FIRST_AFTER_MS = 60 * 1000;

/**
 * Runs `work` a minute after start-up, then once a day, in every process, until the app closes: for
 * clean-ups that are safe to repeat (a delete of what is past its time). A failure is logged as `failed`
 * and tried again the next day.
 */
export function runDaily(app: FastifyInstance, failed: string, work: () => Promise<unknown>): void {
  runEvery(app, DAY_MS, failed, work);
}

/** `runDaily` at another period (an hourly sweep of expired uploads). */
export function runEvery(
  app: FastifyInstance,
  everyMs: number,
  failed: string,
  work: () => Promise<unknown>,
): void {
  const run = () => void work().catch((err: unknown) => app.log.warn({ err }, failed));
  const first = setTimeout(run, FIRST_AFTER_MS).unref();
  const daily = setInterval(run, everyMs).unref();
  app.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(daily);
  });
}
