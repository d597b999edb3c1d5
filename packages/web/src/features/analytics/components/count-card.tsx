import { formatCardCount } from '@streamdesk/contract/format';

/**
 * A summary card: zero-padded under 10, K and M above 1,000 (doc 2 section 2). Without a value (the
 * figures have not come, or could not be loaded) a dash, not a 00 that reads as no views.
 */
export function CountCard({
  label,
  value,
  tone,
}: {
  label: string;
  value: number | undefined;
  tone: 'red' | 'green';
}) {
  return (
    <section aria-label={label} className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h2 className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</h2>
      <p
        className={
          tone === 'red'
            ? 'mt-1 text-3xl font-semibold text-red-600'
            : 'mt-1 text-3xl font-semibold text-green-600'
        }
      >
        {value === undefined ? (
          <>
            <span aria-hidden="true">—</span>
            <span className="sr-only">Not loaded</span>
          </>
        ) : (
          formatCardCount(value)
        )}
      </p>
    </section>
  );
}
