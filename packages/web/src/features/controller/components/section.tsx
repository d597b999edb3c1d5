import type { ReactNode } from 'react';

/** A titled card of the controller screen. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
      <h2 id={id} className="mb-4 text-base font-semibold text-slate-900">
        {title}
      </h2>
      <div className="space-y-6">{children}</div>
    </section>
  );
}
