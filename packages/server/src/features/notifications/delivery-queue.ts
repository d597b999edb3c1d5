import type { ChannelDelivery, PushChannel } from '@streamdesk/contract/notifications';
import { reasonOf, STOPPED_REASON, type PushMessage, type PushSender } from './push-sender.js';

export interface DeliveryRecorder {
  /** One channel finished. */
  channelDone(id: string, channel: PushChannel, result: ChannelDelivery): Promise<void>;
  /** Every channel of the message finished. */
  allDone(id: string): Promise<void>;
}

/**
 * Runs deliveries after the reply has gone: a few messages at a time, each channel in parallel, every
 * result written back. `idle()` resolves when nothing is queued or running; `close()` stops the waits
 * and the remaining work, recording the deliveries it cut short as failed.
 */
export class DeliveryQueue {
  private readonly waiting: PushMessage[] = [];
  private readonly running = new Set<Promise<void>>();
  private readonly abort = new AbortController();
  private idleWaiters: (() => void)[] = [];

  constructor(
    private readonly senders: readonly PushSender[],
    private readonly recorder: DeliveryRecorder,
    private readonly onError: (error: unknown) => void,
    private readonly concurrency = 2,
  ) {}

  /** The channels that will really try to deliver. */
  get active(): readonly PushSender[] {
    return this.senders.filter((s) => !s.notConfigured);
  }

  enqueue(message: PushMessage): void {
    if (this.active.length === 0) return;
    this.waiting.push(message);
    // After the reply: the first encryption and requests must not hold up the response being sent.
    setImmediate(() => this.pump());
  }

  idle(): Promise<void> {
    if (this.waiting.length === 0 && this.running.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  async close(): Promise<void> {
    this.abort.abort();
    const cut = this.waiting.splice(0);
    await Promise.all([
      ...this.running,
      ...cut.map((m) => this.record(m, () => ({ status: 'failed', detail: STOPPED_REASON }))),
    ]);
    for (const sender of this.senders) sender.close?.();
    this.settle();
  }

  private pump(): void {
    while (this.running.size < this.concurrency && this.waiting.length > 0 && !this.abort.signal.aborted) {
      const message = this.waiting.shift()!;
      const job = this.deliver(message).finally(() => {
        this.running.delete(job);
        this.pump();
        this.settle();
      });
      this.running.add(job);
    }
  }

  private settle(): void {
    if (this.waiting.length > 0 || this.running.size > 0) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const w of waiters) w();
  }

  private deliver(message: PushMessage): Promise<void> {
    const signal = this.abort.signal;
    return this.record(message, (sender) => sender.send(message, signal));
  }

  private async record(
    message: PushMessage,
    run: (sender: PushSender) => Promise<ChannelDelivery> | ChannelDelivery,
  ): Promise<void> {
    try {
      await Promise.all(
        this.active.map(async (sender) => {
          let result: ChannelDelivery;
          try {
            result = await run(sender);
          } catch (error) {
            result = { status: 'failed', detail: reasonOf(error) };
          }
          await this.recorder.channelDone(message.id, sender.channel, result);
        }),
      );
      await this.recorder.allDone(message.id);
    } catch (error) {
      // The row could not be written (the database went away): nothing else can be done but log it.
      this.onError(error);
    }
  }
}
