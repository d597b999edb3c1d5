import type { ButtonHTMLAttributes } from 'react';
import type { Feature } from '@streamdesk/contract/roles';
import { useWriteRefusal } from '@/lib/access';
import { cn } from '@/lib/cn';
import { Spinner } from './spinner';

type Variant = 'primary' | 'secondary' | 'danger' | 'ghost';

const variants: Record<Variant, string> = {
  primary: 'bg-brand-600 text-white hover:bg-brand-700 shadow-sm',
  secondary: 'bg-white text-slate-700 ring-1 ring-inset ring-slate-300 hover:bg-slate-50 shadow-sm',
  danger: 'bg-red-600 text-white hover:bg-red-700 shadow-sm',
  ghost: 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
};

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  size?: 'sm' | 'md';
  /** Shows a spinner and disables the button; the accessible name stays the same. */
  loading?: boolean;
  /** The feature this button changes: disabled, with the reason as its tooltip, for a role that may not. */
  write?: Feature;
}

export function Button({
  variant = 'primary',
  size = 'md',
  loading,
  disabled,
  className,
  children,
  write,
  ...rest
}: ButtonProps) {
  const refused = useWriteRefusal(write);
  return (
    <button
      type="button"
      {...rest}
      data-write={write}
      title={refused ?? rest.title}
      disabled={disabled || loading || refused !== undefined}
      aria-busy={loading || undefined}
      className={cn(
        'inline-flex items-center justify-center gap-2 rounded-md font-medium transition-colors',
        'disabled:cursor-not-allowed disabled:opacity-60',
        size === 'sm' ? 'h-8 px-3 text-xs' : 'h-9 px-4 text-sm',
        variants[variant],
        className,
      )}
    >
      {loading && <Spinner />}
      {children}
    </button>
  );
}
