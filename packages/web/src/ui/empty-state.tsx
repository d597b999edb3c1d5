import type { ReactNode } from 'react';
import { InfoIcon } from './icons';

export function EmptyState({
  title,
  children,
  action,
}: {
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center justify-center rounded-lg border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <span className="mb-3 inline-flex size-10 items-center justify-center rounded-full bg-slate-100 text-slate-500">
        <InfoIcon />
      </span>
      <p className="text-sm font-semibold text-slate-900">{title}</p>
      {children && <div className="mt-1 max-w-sm text-sm text-slate-500">{children}</div>}
      {action && <div className="mt-4">{action}</div>}
    </div>
  );
}
