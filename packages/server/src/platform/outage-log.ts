import type { FastifyBaseLogger } from 'fastify';

/**
 * The log of a background job retried on a timer (cache sync, live viewer writes): while the database
 * does not answer it fails every time, so it warns once when the outage starts and says one line when
 * the job works again, rather than a warning a second.
 */
export class OutageLog {
  private failing = false;

  constructor(
    private readonly log: Pick<FastifyBaseLogger, 'warn' | 'info'>,
    private readonly messages: { failed: string; back: string },
  ) {}

  failed(error: unknown): void {
    if (!this.failing) this.log.warn({ err: error }, this.messages.failed);
    this.failing = true;
  }

  succeeded(): void {
    if (this.failing) this.log.info(this.messages.back);
    this.failing = false;
  }
}
