import { useId } from 'react';

/**
 * A value shown, not edited (a view or click count on an edit page): a term and its value in a `<dl>`,
 * as text, so that it does not look like a field one could change (issue 36). The value is named by its
 * term for a screen reader and a test (`getByRole('definition', { name })`).
 */
export function Stat({ label, value }: { label: string; value: string }) {
  const id = useId();
  return (
    <div className="rounded-lg bg-white px-4 py-3 shadow-sm ring-1 ring-slate-200">
      <dt id={id} className="text-xs font-medium text-slate-500">
        {label}
      </dt>
      <dd aria-labelledby={id} className="mt-0.5 text-lg font-semibold text-slate-900 tabular-nums">
        {value}
      </dd>
    </div>
  );
}
