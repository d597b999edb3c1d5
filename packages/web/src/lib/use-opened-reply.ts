import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';

interface OpenedReply<R extends { data: unknown }> {
  /**
   * The reply the form started from, how many Reloads made it (the form's key), and the item as last
   * fetched (`now`: the opened reply's item until a later fetch is usable).
   */
  current: { id: string; reloads: number; reply: R; now: R['data'] } | undefined;
  /** Fetches the item again and starts the form afresh from it. */
  reload: () => Promise<void>;
}

/**
 * An edit page's two views of its item's find query (docs/decisions/0009-edit-conflicts.md, 0059):
 * - `current`: the reply the form was started from (the first for this id, then the one each `reload`
 *   fetched), so a background reload never changes the form under the admin's draft;
 * - `current.now`: the item as last fetched, for what the processing changes while the page is open (its state,
 *   the remuxed MP4, the ladder and poster once ready: the query reloads itself while it is processed).
 * `usable` tells a reply to start a form from (an in-house ad's failed read is not); a failed reload
 * keeps the form, and the page says why or leaves.
 */
export function useOpenedReply<R extends { data: unknown }>(
  id: string,
  query: UseQueryResult<R>,
): OpenedReply<R>;
export function useOpenedReply<Q, R extends Q & { data: unknown }>(
  id: string,
  query: UseQueryResult<Q>,
  usable: (reply: Q) => reply is R,
): OpenedReply<R>;
export function useOpenedReply(
  id: string,
  query: UseQueryResult<{ data: unknown }>,
  usable: (reply: { data: unknown }) => boolean = () => true,
): OpenedReply<{ data: unknown }> {
  const [opened, setOpened] = useState<{ id: string; reloads: number; reply: { data: unknown } }>();
  if (query.data && usable(query.data) && opened?.id !== id) setOpened({ id, reloads: 0, reply: query.data });
  const latest = query.data && usable(query.data) ? query.data : opened?.reply;
  const current = opened?.id === id ? { ...opened, now: latest?.data } : undefined;

  const reload = async () => {
    const { data } = await query.refetch();
    if (data && usable(data)) setOpened((o) => ({ id, reloads: (o?.reloads ?? 0) + 1, reply: data }));
  };

  return { current, reload };
}
