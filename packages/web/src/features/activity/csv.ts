import { formatDateTime } from '@streamdesk/contract/format';
import type { ActivityEntry } from '@streamdesk/contract/activity';

const cell = (value: unknown) => {
  const text = typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value);
  // Quoted when it holds a separator, a quote or a line break; a leading = + - @ is not run as a formula.
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** The entries as CSV, one row each, the changes as `field: before → after` lines. */
export function activityCsv(entries: readonly ActivityEntry[]): string {
  const head = [
    'when',
    'person',
    'role',
    'action',
    'feature',
    'item',
    'label',
    'changes',
    'ip',
    'user agent',
  ];
  const rows = entries.map((e) =>
    [
      formatDateTime(e.at),
      e.personName,
      e.role,
      e.action,
      e.feature,
      e.itemId,
      e.label,
      e.changes.map((c) => `${c.field}: ${JSON.stringify(c.before)} → ${JSON.stringify(c.after)}`).join('\n'),
      e.ip,
      e.userAgent,
    ]
      .map(cell)
      .join(','),
  );
  return [head.join(','), ...rows].join('\n') + '\n';
}
