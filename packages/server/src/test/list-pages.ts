import { expect } from 'vitest';

/**
 * Reads the pages of a list of `whole.length` rows, `limit` to a page, in an order that starts each from
 * another (page-boundaries.ts): the second (first, so that a page known from before a write is read from
 * what was known), the last, backwards to the first, a jump ahead, the same page again, one past the end,
 * then from the start a far jump and back. Each must be its slice of `whole` (the ids in
 * the list's order).
 */
export async function expectSlicesInAnyOrder(
  read: (page: number) => Promise<string[]>,
  whole: string[],
  limit: number,
) {
  const pages = Math.ceil(whole.length / limit);
  const backwards = Array.from({ length: pages }, (_, i) => pages - i);
  for (const page of [2, pages, ...backwards, 2, pages - 1, 3, 3, pages + 1, 1, pages - 2, 2]) {
    const ids = await read(page);
    expect([page, ids]).toEqual([page, whole.slice((page - 1) * limit, page * limit)]);
  }
}

/** Every page of a list from the first to its `totalPages`, with the total and page count each gave. */
export async function everyPage(read: (page: number) => Promise<{ items: string[]; totals: number[] }>) {
  const first = await read(1);
  const found = [...first.items];
  const totals = [first.totals];
  for (let n = 2; n <= first.totals[1]!; n++) {
    const next = await read(n);
    found.push(...next.items);
    totals.push(next.totals);
  }
  return { found, totals };
}
