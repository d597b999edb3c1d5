/**
 * Extension points that let one feature use what another provides without importing its internals.
 * The app composes them in features.ts.
 */

/** A section of the app's launch reply (`GET /api/App/Controler/app/loadCheck`). */
export type LaunchSection = () => Promise<unknown>;

export class LaunchRegistry {
  readonly sections = new Map<string, { tags: readonly string[]; load: LaunchSection }>();
  add(name: string, tags: readonly string[], load: LaunchSection): void {
    this.sections.set(name, { tags, load });
  }
  get tags(): string[] {
    return [...new Set([...this.sections.values()].flatMap((s) => s.tags))];
  }
  async loadAll(): Promise<Record<string, unknown>> {
    const out: Record<string, unknown> = {};
    for (const [name, section] of this.sections) out[name] = await section.load();
    return out;
  }
}

/**
 * Where an entity's view and click totals live, so app events can be counted into them.
 * `entity` is the event entity name of the app API (story, shortcut, reel, ...).
 */
export interface CounterTarget {
  entity: string;
  table: string;
  idColumn: string;
  viewColumn?: string;
  clickColumn?: string;
  /** The cache tag to invalidate when the totals change. */
  tag: string;
}

export class CounterRegistry {
  readonly targets = new Map<string, CounterTarget>();
  add(target: CounterTarget): void {
    this.targets.set(target.entity, target);
  }
}

/** Live app viewers (distinct clients with a heartbeat in the last 60 s); 0 until events are counted. */
export class LiveViewers {
  private provider: () => number = () => 0;
  provide(count: () => number): void {
    this.provider = count;
  }
  count(): number {
    return this.provider();
  }
}
