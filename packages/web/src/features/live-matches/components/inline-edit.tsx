import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Button } from '@/ui/button';
import { Td, Tr } from '@/ui/data-table';
import { inputClass } from '@/ui/field';

/** A table row in edit mode (one row at a time, doc 1 section 4): its fields, then Save and Cancel. */
export function InlineEditRow({
  label,
  colSpan,
  saving,
  onSave,
  onCancel,
  className,
  children,
}: {
  label: string;
  colSpan: number;
  saving: boolean;
  onSave: () => void;
  onCancel: () => void;
  className: string;
  children: ReactNode;
}) {
  return (
    <Tr className="bg-brand-50/40 hover:bg-brand-50/40" aria-label={label}>
      <Td colSpan={colSpan}>
        <div className={cn('grid gap-3 py-1', className)}>
          {children}
          <div className="flex gap-2">
            <Button size="sm" onClick={onSave} loading={saving}>
              Save
            </Button>
            <Button size="sm" variant="secondary" onClick={onCancel} disabled={saving}>
              Cancel
            </Button>
          </div>
        </div>
      </Td>
    </Tr>
  );
}

/** A labelled input of an edit row (the label stays visible above it). */
export function InlineInput({ label, ...input }: ComponentProps<'input'> & { label: string }) {
  return (
    <label className="space-y-1.5 text-sm font-medium text-slate-700">
      <span className="block">{label}</span>
      <input className={inputClass} {...input} />
    </label>
  );
}

/** The Actions column stays in view while a narrow screen scrolls the table sideways. */
export const actionsColumnClass =
  'sticky right-0 bg-white shadow-[-6px_0_6px_-6px_rgb(15_23_42/0.15)] sm:static sm:shadow-none';
export const actionsHeadClass = 'sticky right-0 bg-slate-50 sm:static';
/** Action buttons stack on narrow screens so the sticky column stays slim. */
export const actionButtonsClass = 'flex flex-col gap-1.5 sm:flex-row';
