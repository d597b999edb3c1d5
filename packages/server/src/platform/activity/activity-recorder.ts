import { AsyncLocalStorage } from 'node:async_hooks';
import { HIDDEN_VALUE, type ActivityAction, type ActivityChange } from '@streamdesk/contract/activity';
import type { Feature } from '@streamdesk/contract/roles';
import type { AppDb } from '../db/database.js';
import { newId, nowIso } from '../db/values.js';
import type { WriteScopes } from '../db/write-scope.js';
import { insertEntries, type NewActivityRow } from './activity-log.repository.js';
import { itemLabel } from './item-label.js';

/**
 * What a service says about the write it made, for the write's activity entry: the item, a readable
 * label (`story #12`, `ad unit "Home banner"`) and the item before and after (the changed fields are
 * worked out from them). Anything left out comes from the route (activity-route.ts).
 */
export interface ActivityNote {
  action?: ActivityAction;
  feature?: Feature;
  itemId?: string;
  label?: string;
  /** The item as it was (null or absent for an add) and as it is (null or absent for a delete). */
  before?: object | null;
  after?: object | null;
  /**
   * Noted by a repository's update helper (noted-update.ts) rather than by the service: kept only on
   * an update or status write that no service noted itself, one entry per item whatever the updates.
   */
  merge?: boolean;
}

/** Who made a write and from where. */
export interface Actor {
  personId: string | null;
  /** Set when the person is not on the team (a failed sign-in names the email tried). */
  personName?: string;
  role: string;
  ip: string;
  userAgent: string;
}

/** One person's part of a write made for several at once, and what its entry says. */
export interface ActivityPart {
  actor: Actor;
  route: RouteActivity;
  notes: ActivityNote[];
}

/** What the route alone tells of a write: its action and feature, and the ids it names. */
export interface RouteActivity {
  action: ActivityAction;
  feature: Feature;
  itemIds: string[];
  label?: string;
  /** What an add stored, as its reply gave it (the entry lists its fields). */
  added?: object;
}

const notes = new AsyncLocalStorage<ActivityNote[]>();
const actors = new AsyncLocalStorage<Actor>();

/** Who is making the running back-office write (for records that name them, as versions do). */
export const currentActor = (): Actor | undefined => actors.getStore();

/**
 * Adds what the running back-office write changed to its activity entry. Outside a recorded write
 * (start-up, background jobs, a service called by a test) there is no entry to add to, and it does nothing.
 */
export function noteActivity(note: ActivityNote): void {
  notes.getStore()?.push(note);
}

/**
 * Runs `work` with its notes set aside: a revert's entry says what the revert changed, not what the
 * service it writes through notes of its own save.
 */
export const unnoted = <T>(work: () => Promise<T>): Promise<T> => notes.run([], work);

/** Whether a back-office write is being recorded (a repository reads the before values only then). */
export const recordingActivity = (): boolean => notes.getStore() !== undefined;

/** Field names whose values are secrets: an entry says they changed but never holds them. */
const SECRET = /password|token|secret|otp|recovery|hash/i;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The fields that differ between `before` and `after`, secrets hidden. */
export function changesOf(
  before: object | null | undefined,
  after: object | null | undefined,
): ActivityChange[] {
  const b = (before ?? {}) as Record<string, unknown>;
  const a = (after ?? {}) as Record<string, unknown>;
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return fields
    .filter((field) => !same(b[field], a[field]))
    .map((field) =>
      SECRET.test(field)
        ? { field, before: HIDDEN_VALUE, after: HIDDEN_VALUE }
        : { field, before: b[field] ?? null, after: a[field] ?? null },
    );
}

const MERGED_ACTIONS: readonly ActivityAction[] = ['update', 'status', 'revert'];

/** An update's note that holds the item before and after, with no field changed between them. */
const unchanged = (route: RouteActivity, note: ActivityNote) =>
  (note.action ?? route.action) === 'update' &&
  !!note.before &&
  !!note.after &&
  changesOf(note.before, note.after).length === 0;

/**
 * The notes an entry is made of: the services' own when there are; else, on an update, what the
 * repositories' update helpers noted, one per item (the first before, the last after of each field).
 */
function notesFor(route: RouteActivity, noted: readonly ActivityNote[]): ActivityNote[] {
  const own = noted.filter((n) => !n.merge);
  if (own.length || !MERGED_ACTIONS.includes(route.action)) return own;
  const byItem = new Map<string, { before: Record<string, unknown>; after: Record<string, unknown> }>();
  for (const n of noted) {
    const item = byItem.get(n.itemId ?? '') ?? { before: {}, after: {} };
    item.before = { ...n.before, ...item.before };
    item.after = { ...item.after, ...n.after };
    byItem.set(n.itemId ?? '', item);
  }
  return [...byItem].map(([itemId, { before, after }]) => ({ itemId, before, after }));
}

export function entryRows(
  actor: Actor,
  route: RouteActivity,
  noted: readonly ActivityNote[],
): NewActivityRow[] {
  const at = nowIso();
  const row = (note: ActivityNote, itemId: string): NewActivityRow => ({
    id: newId(),
    created_at: at,
    person_id: actor.personId,
    ...(actor.personName !== undefined ? { person_name: actor.personName } : {}),
    role: actor.role,
    action: note.action ?? route.action,
    feature: note.feature ?? route.feature,
    item_id: note.itemId ?? itemId,
    label:
      note.label ??
      (route.itemIds.length > 1 && note.itemId
        ? itemLabel(route.feature, undefined, note.itemId)
        : route.label) ??
      '',
    changes: JSON.stringify(changesOf(note.before, note.after)),
    ip: actor.ip,
    user_agent: actor.userAgent.slice(0, 500),
  });
  const all = notesFor(route, noted);
  // An update whose notes show every field as it was (Save pressed on what was already there) changed
  // nothing: no entry, where a route that noted nothing still gets its one.
  const chosen = all.filter((note) => !unchanged(route, note));
  if (all.length && !chosen.length) return [];
  if (chosen.length) return chosen.map((note) => row(note, route.itemIds[0] ?? ''));
  // Nothing noted: one entry per item the request named (one for a bulk delete's each id), or one.
  const ids = route.itemIds.length ? route.itemIds : [''];
  return ids.map((id) => row(route.added ? { after: route.added } : {}, id));
}

/**
 * Records each back-office write in the same transaction as the write: `work` runs in a write scope
 * (db/write-scope.ts), and before it commits the entries (what its services noted, or what the route
 * tells) are inserted. A write that fails leaves neither its change nor an entry.
 */
export class ActivityRecorder {
  constructor(
    private readonly db: AppDb,
    private readonly scopes: WriteScopes,
  ) {}

  record<T>(actor: Actor, route: (result: T) => RouteActivity, work: () => Promise<T>): Promise<T> {
    const noted: ActivityNote[] = [];
    return actors.run(actor, () =>
      notes.run(noted, () =>
        this.scopes.run(work, (result) => insertEntries(this.db, entryRows(actor, route(result), noted))),
      ),
    );
  }

  /**
   * Records a write made for several people at once (scheduled changes due at one time, 0033) in one
   * transaction: `work` runs as `actor` (whom a version it makes names), and its entries are the parts it
   * returns, one person's each; what the services note on the way is set aside.
   */
  recordTogether(actor: Actor, work: () => Promise<ActivityPart[]>): Promise<ActivityPart[]> {
    return actors.run(actor, () =>
      notes.run([], () =>
        this.scopes.run(work, (parts) =>
          insertEntries(
            this.db,
            parts.flatMap((part) => entryRows(part.actor, part.route, part.notes)),
          ),
        ),
      ),
    );
  }
}

/** Adds an entry outside a recorded write (a sign-in), on `db`: the sign-in's own transaction. */
export const addActivity = (db: AppDb, actor: Actor, route: RouteActivity): Promise<void> =>
  insertEntries(db, entryRows(actor, route, []));
