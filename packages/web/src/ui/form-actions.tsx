import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/**
 * A form's buttons, in one place and one look on every form (issue 36, docs/decisions/0060): a line of
 * its own under the fields (the whole width of a grid form), at the right, Cancel before the submit so
 * that the submit is last; on a phone (under 640 px) the buttons share the line's width, one button
 * taking all of it. The buttons are the form's own (`Button`, the default size). A form of one field
 * (`beside`) keeps its button beside that field's input, in the input's own row, so that the two read
 * as one.
 */
export function FormActions({
  children,
  className,
  beside = false,
}: {
  children: ReactNode;
  className?: string;
  beside?: boolean;
}) {
  return (
    <div
      data-form-actions=""
      className={cn(
        'flex items-center justify-end gap-2',
        beside ? 'shrink-0' : 'col-span-full basis-full flex-wrap *:max-sm:flex-1',
        className,
      )}
    >
      {children}
    </div>
  );
}
