import { Link } from 'react-router';
import { webPaths } from '@streamdesk/contract/web-paths';
import type { Feature } from '@streamdesk/contract/roles';
import { useMay } from '@/lib/access';

/**
 * "History": the Activity screen filtered to one item's entries (0031). Left out for a role that may not
 * read the activity log (editors). `name` names the item for screen readers on a row ("History of Home").
 * `text` replaces the visible word where the screen has another History (the versions of 0032).
 */
export function ActivityHistoryLink({
  feature,
  item,
  name,
  text = 'History',
}: {
  feature: Feature;
  item: string;
  name?: string;
  text?: string;
}) {
  const may = useMay('activity', 'read');
  if (may === false || !item) return null;
  const search = new URLSearchParams({ feature, item });
  return (
    <Link
      to={`${webPaths.activity}?${search.toString()}`}
      aria-label={name ? `${text} of ${name}` : undefined}
      className="inline-flex h-8 items-center justify-center rounded-md px-3 text-xs font-medium text-brand-700 ring-1 ring-slate-300 ring-inset hover:bg-brand-50"
    >
      {text}
    </Link>
  );
}
