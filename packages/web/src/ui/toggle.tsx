import { Switch } from 'radix-ui';
import type { Feature } from '@streamdesk/contract/roles';
import { useWriteRefusal } from '@/lib/access';
import { cn } from '@/lib/cn';

export interface ToggleProps {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** The accessible name, e.g. "Status of Cricket final". */
  label: string;
  /** Show the label beside the switch; otherwise it is only announced. */
  showLabel?: boolean;
  disabled?: boolean;
  /**
   * A change on its way: the switch refuses another but stays focusable (aria-disabled), so focus stays
   * on it rather than falling to the page as it would from a disabled control (issue 36).
   */
  busy?: boolean;
  /** The feature this switch changes: disabled, with the reason as its tooltip, for a role that may not. */
  write?: Feature;
}

/** An on/off switch (role switch) with an accessible label. */
export function Toggle({ checked, onCheckedChange, label, showLabel, disabled, busy, write }: ToggleProps) {
  const refused = useWriteRefusal(write);
  const control = (
    <Switch.Root
      checked={checked}
      onCheckedChange={(next) => !busy && onCheckedChange(next)}
      disabled={disabled || refused !== undefined}
      aria-disabled={busy || undefined}
      data-write={write}
      title={refused}
      aria-label={showLabel ? undefined : label}
      className={cn(
        'relative inline-flex h-5 w-9 shrink-0 items-center rounded-full transition-colors',
        'bg-slate-300 data-[state=checked]:bg-brand-600 disabled:cursor-not-allowed disabled:opacity-50',
        'aria-disabled:cursor-wait aria-disabled:opacity-50',
      )}
    >
      <Switch.Thumb className="block size-4 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[18px]" />
    </Switch.Root>
  );
  if (!showLabel) return control;
  return (
    <label className="inline-flex items-center gap-2 text-sm text-slate-700">
      {control}
      {label}
    </label>
  );
}
