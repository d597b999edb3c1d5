import { cn } from '@/lib/cn';

const clock = (at: number) =>
  new Date(at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' });

/**
 * 'Not updated since 10:01:52 PM', in amber (role status): the figures beside it are kept from the last
 * poll that answered (lib/stats-polling.ts). `words` may be hidden from sight where room is short (the
 * top bar below lg); they stay for screen readers.
 */
export function OldFiguresNote({
  since,
  what = 'Not updated',
  wordsClassName,
}: {
  since: number;
  what?: string;
  wordsClassName?: string;
}) {
  return (
    <p
      role="status"
      title={`${what} since ${clock(since)}: the server does not answer`}
      className="w-fit rounded-md bg-amber-50 px-2 py-1 text-xs font-medium whitespace-nowrap text-amber-800 ring-1 ring-amber-200"
    >
      <span className={cn(wordsClassName)}>{what} since </span>
      {clock(since)}
    </p>
  );
}
