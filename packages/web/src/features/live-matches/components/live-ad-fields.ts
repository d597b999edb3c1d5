import { liveAdProblem, type LiveAdMap } from '@streamdesk/contract/live-matches';

/** One editable field of the live-call ad map; `id` keeps React rows stable while a key is renamed. */
export interface FieldRow {
  id: number;
  key: string;
  value: string;
}

let nextId = 1;
export const newRow = (key = '', value = ''): FieldRow => ({ id: nextId++, key, value });

export const rowsOf = (map: LiveAdMap): FieldRow[] =>
  Object.entries(map).map(([key, value]) => newRow(key, value));

/** The map to send, or the first problem the server would report (same rules, same words). */
export function mapOf(rows: readonly FieldRow[]): { map: LiveAdMap } | { problem: string } {
  const pairs = rows.map((r) => ({ key: r.key.trim(), value: r.value }));
  const problem = liveAdProblem(pairs);
  if (problem) return { problem };
  return { map: Object.fromEntries(pairs.map((p) => [p.key, p.value])) };
}

export const sameRows = (a: readonly FieldRow[], b: readonly FieldRow[]) =>
  a.length === b.length && a.every((r, i) => r.key === b[i]!.key && r.value === b[i]!.value);
