import { useCallback, useState } from 'react';

/**
 * Which records have a write in flight, by id. A row's control stays held until its own reply (and the
 * reload it awaits), while other rows' writes come and go: one mutation's `isPending` and `variables`
 * describe only its latest call, so a second row's click would free the first row's control early.
 */
export function useInFlight() {
  const [ids, setIds] = useState<ReadonlySet<string>>(new Set());
  /** Holds `id` (or each of several, for a bulk action) while `work` runs. */
  const run = useCallback(async <T>(id: string | readonly string[], work: () => Promise<T>): Promise<T> => {
    const held = typeof id === 'string' ? [id] : id;
    setIds((before) => new Set([...before, ...held]));
    try {
      return await work();
    } finally {
      setIds((before) => new Set([...before].filter((x) => !held.includes(x))));
    }
  }, []);
  return { has: (id: string) => ids.has(id), any: ids.size > 0, run };
}
