import type { ComponentProps, ReactNode } from 'react';
import { isEditConflict } from '@streamdesk/contract/edit-versions';
import { failureMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { Button } from '@/ui/button';
import { Tr } from '@/ui/data-table';
import { inputClass, WithHint } from '@/ui/field';
import { inlineEditKeys, useFocusFirstField } from '@/ui/inline-edit-keys';

/**
 * A table row in edit mode (one row at a time, doc 1 section 4): its fields, then Save and Cancel. The
 * row spans the whole table, which may be wider than the screen and scrolled to reach Edit, so the form
 * is held to the visible width of the table's box (`100cqw` of ListTable's container) and sticks to its
 * left edge: the labels, inputs and buttons stay in view whatever the scroll.
 */
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
  const row = useFocusFirstField<HTMLTableRowElement>(true);
  return (
    <Tr
      ref={row}
      className="bg-brand-50/40 hover:bg-brand-50/40"
      aria-label={label}
      onKeyDown={inlineEditKeys(
        () => !saving && onSave(),
        () => !saving && onCancel(),
      )}
    >
      <td colSpan={colSpan} className="p-0">
        <div className="sticky left-0 w-[100cqw] px-2 py-2 sm:px-3">
          <div className={cn('grid gap-3 py-1', className)}>
            {children}
            <div className="flex gap-2">
              <Button write="live-matches" size="sm" onClick={onSave} loading={saving}>
                Save
              </Button>
              <Button size="sm" variant="secondary" onClick={onCancel} disabled={saving}>
                Cancel
              </Button>
            </div>
          </div>
        </div>
      </td>
    </Tr>
  );
}

/** A labelled input of an edit row (the label stays visible above it). */
export function InlineInput({
  label,
  hint,
  ...input
}: ComponentProps<'input'> & { label: string; hint?: string | undefined }) {
  return (
    <label className="space-y-1.5 text-sm font-medium text-slate-700">
      <span className="block">{label}</span>
      <WithHint hint={hint} input={(aria) => <input className={inputClass} {...aria} {...input} />} />
    </label>
  );
}

/** A row's buttons in one line: the row's text gives way (wraps) rather than the buttons (issue 36, 0060). */
export const actionButtonsClass = 'flex gap-1.5';

/**
 * Whether a failed save still ends the row's edit mode: refused because another admin changed the record
 * since Edit was pressed (docs/decisions/0009-edit-conflicts.md), as the list then reloads to show the other
 * change. Any other failure keeps the row in edit mode with the admin's values; a save ends it too.
 */
export const failureEndsEditMode = (error: unknown) => isEditConflict(failureMessage(error, ''));
