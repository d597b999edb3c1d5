import type { AppDb, DialectName } from '../db/database.js';
import { newId } from '../db/values.js';
import * as repo from './jobs.repository.js';

/** What a job's handler gets: its payload and who scheduled it. */
export interface DueJob {
  id: string;
  kind: string;
  payload: unknown;
  personId: string | null;
  runAt: string;
}

export interface JobHandler {
  run(job: DueJob): Promise<unknown>;
  /**
   * Runs jobs of this kind due at one time (two or more, in due order) as one write, all or nothing.
   * Optional: without it each runs on its own. A failure runs them again one by one, so a bad job fails
   * alone. The controller's changes use it: 0033, "Due at one time".
   */
  runTogether?(jobs: DueJob[]): Promise<void>;
  /**
   * The jobs that must run one after another: those of one lane run in due order, lanes side by side.
   * By default the feature (the kind's prefix before `:`), as a controller schedule's start must run before
   * its end and each changes the one controller; a handler whose jobs touch one record each names it.
   */
  lane?(job: DueJob): string;
  /** Called instead of `run` when the job came due more than the grace period ago (the server was down). */
  missed?(job: DueJob): Promise<void>;
}

export interface SchedulerOptions {
  /** Lanes run side by side on PostgreSQL; SQLite has one connection, so one at a time there. */
  dialect: DialectName;
  /** Jobs later than this when they are taken are marked missed instead of run. */
  graceMs: number;
  /** The time now; tests inject their own. */
  clock?: () => Date;
  /** How often due jobs are looked for. */
  pollMs?: number;
  onError?: (error: unknown, job: DueJob | undefined) => void;
}

/** A job taken by a process that stopped is taken again once its lease ends. */
const LEASE_MS = 5 * 60 * 1000;
const BATCH = 200;
/**
 * Lanes running at once on PostgreSQL: each holds a pooled connection for its job's transaction, and the
 * pool (10) also serves the requests that come meanwhile. bench/notes/schedules.md has the figures.
 */
const LANES_AT_ONCE = 4;

const dueJobOf = (row: repo.JobRow): DueJob => ({
  id: row.id,
  kind: row.kind,
  payload: JSON.parse(row.payload) as unknown,
  personId: row.person_id,
  runAt: row.run_at,
});

/**
 * The server's scheduler (docs/decisions/0033-scheduler.md): due work stored in `scheduled_jobs`, looked
 * for every second by each process; a job is taken with one conditional UPDATE (a lease), so with several
 * processes on one database each job runs once. Work that came due while no server ran is run at
 * start-up if it is less than `graceMs` late, else marked missed. Features register a handler per kind
 * and add jobs in their own write's transaction (`add` on the write's db).
 */
export class Scheduler {
  private readonly handlers = new Map<string, JobHandler>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();
  readonly now: () => Date;

  constructor(
    private readonly db: AppDb,
    private readonly options: SchedulerOptions,
  ) {
    this.now = options.clock ?? (() => new Date());
  }

  handle(kind: string, handler: JobHandler): void {
    this.handlers.set(kind, handler);
  }

  /** Adds a job; in a write scope it commits (or not) with the write. Returns its id. */
  async add(job: { kind: string; runAt: Date; payload: unknown; personId: string | null }): Promise<string> {
    const id = newId();
    await repo.insertJob(this.db, {
      id,
      kind: job.kind,
      run_at: job.runAt.toISOString(),
      payload: JSON.stringify(job.payload),
      status: 'pending',
      lease_until: null,
      person_id: job.personId,
      created_at: this.now().toISOString(),
      finished_at: null,
      note: '',
    });
    return id;
  }

  /** Cancels a job that has not started; false when it has. */
  cancel = (id: string) => repo.updatePendingJob(this.db, id, { status: 'cancelled' });
  /** Moves a job that has not started to another time; false when it has. */
  move = (id: string, runAt: Date) => repo.updatePendingJob(this.db, id, { run_at: runAt.toISOString() });
  find = (id: string) => repo.findJob(this.db, id);

  /** Runs the jobs due now, one after another; returns how many this process took. */
  runDue(): Promise<number> {
    // One pass at a time in this process; other processes race through the claim.
    const pass = this.running.then(() => this.pass());
    this.running = pass.catch(() => undefined);
    return pass;
  }

  private async pass(): Promise<number> {
    let taken = 0;
    for (;;) {
      const at = this.now();
      const lease = new Date(at.getTime() + LEASE_MS).toISOString();
      const rows = await repo.claimDueJobs(this.db, this.options.dialect, at.toISOString(), lease, BATCH);
      taken += rows.length;
      const lanes = new Map<string, DueJob[]>();
      for (const job of rows.map(dueJobOf)) {
        const lane = this.laneOf(job);
        const ofLane = lanes.get(lane);
        if (ofLane) ofLane.push(job);
        else lanes.set(lane, [job]);
      }
      const queue = [...lanes.values()];
      const atOnce = this.options.dialect === 'postgres' ? LANES_AT_ONCE : 1;
      await Promise.all(
        Array.from({ length: Math.min(atOnce, queue.length) }, async () => {
          for (let lane = queue.shift(); lane; lane = queue.shift())
            for (const group of this.groupsOf(lane, at)) await this.runGroup(group, at);
        }),
      );
      if (rows.length < BATCH) return taken;
    }
  }

  private laneOf(job: DueJob): string {
    const feature = job.kind.split(':')[0]!;
    const own = this.handlers.get(job.kind)?.lane?.(job);
    return own === undefined ? feature : `${feature}:${own}`;
  }

  /** A lane's jobs cut into runs of one kind due at one time, where the kind runs them together. */
  private groupsOf(lane: DueJob[], at: Date): DueJob[][] {
    const groups: DueJob[][] = [];
    for (const job of lane) {
      const last = groups.at(-1)?.[0];
      const together =
        last &&
        last.kind === job.kind &&
        last.runAt === job.runAt &&
        this.handlers.get(job.kind)?.runTogether &&
        at.getTime() - Date.parse(job.runAt) <= this.options.graceMs;
      if (together) groups.at(-1)!.push(job);
      else groups.push([job]);
    }
    return groups;
  }

  private async runGroup(group: DueJob[], at: Date): Promise<void> {
    const handler = this.handlers.get(group[0]!.kind);
    if (group.length > 1 && handler?.runTogether) {
      try {
        await handler.runTogether(group);
        await repo.finishJobs(
          this.db,
          group.map((job) => job.id),
          'done',
          this.now().toISOString(),
        );
        return;
      } catch (error) {
        // One write, rolled back whole: each is run on its own below, so only a bad one fails.
        this.options.onError?.(error, undefined);
      }
    }
    for (const job of group) await this.runOne(job, at);
  }

  private async runOne(job: DueJob, at: Date): Promise<void> {
    const handler = this.handlers.get(job.kind);
    const late = at.getTime() - Date.parse(job.runAt);
    try {
      if (!handler) throw new Error(`no handler for jobs of kind ${job.kind}`);
      if (late > this.options.graceMs) {
        await handler.missed?.(job);
        await repo.finishJob(
          this.db,
          job.id,
          'missed',
          this.now().toISOString(),
          `${Math.round(late / 1000)} s late`,
        );
        return;
      }
      await handler.run(job);
      await repo.finishJob(this.db, job.id, 'done', this.now().toISOString());
    } catch (error) {
      this.options.onError?.(error, job);
      const note = error instanceof Error ? error.message : String(error);
      await repo.finishJob(this.db, job.id, 'failed', this.now().toISOString(), note.slice(0, 500));
    }
  }

  /** Looks for due work now (what came due while down) and then every `pollMs`. */
  start(): void {
    const tick = () => void this.runDue().catch((error: unknown) => this.options.onError?.(error, undefined));
    tick();
    this.timer = setInterval(tick, this.options.pollMs ?? 1000);
    this.timer.unref();
  }

  /** Stops looking and waits for the pass under way. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
