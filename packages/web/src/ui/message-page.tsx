import type { ReactNode } from 'react';
import { Link } from 'react-router';

export const primaryLinkClass =
  'inline-flex h-9 items-center rounded-md bg-brand-600 px-4 text-sm font-medium text-white shadow-sm hover:bg-brand-700';

/** A centred message with its actions below: not-found, error and signed-out pages. */
export function MessagePage({
  code,
  message,
  children,
}: {
  code?: string;
  message: string;
  children?: ReactNode;
}) {
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center px-4 py-16 text-center">
      {code && <p className="text-5xl font-bold tracking-tight text-brand-600">{code}</p>}
      <h1 className="mt-3 max-w-md text-lg font-semibold text-slate-900">{message}</h1>
      {children && <div className="mt-6 flex gap-2">{children}</div>}
    </div>
  );
}

export function PrimaryLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className={primaryLinkClass}>
      {children}
    </Link>
  );
}
