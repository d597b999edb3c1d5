import { useContext } from 'react';
import { DropdownMenu } from 'radix-ui';
import type { Feature } from '@streamdesk/contract/roles';
import { RoleContext, writeRefusal } from '@/lib/access';
import { cn } from '@/lib/cn';
import { MoreIcon } from './icons';

export interface RowAction {
  label: string;
  onSelect: () => void;
  danger?: boolean;
  /** Shown but not selectable (a row whose delete is in flight). */
  disabled?: boolean;
  /** The feature this action changes: left out of the menu for a role that may not. */
  write?: Feature;
}

/** The "…" menu of a list row (Play, Edit, Delete…); `label` names the row, e.g. "Actions for reel 3". */
export function RowActionsMenu({ label, actions }: { label: string; actions: readonly RowAction[] }) {
  const role = useContext(RoleContext);
  const allowed = actions.filter((action) => writeRefusal(role, action.write) === undefined);
  if (allowed.length === 0) return null;
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={label}
        className="inline-flex size-8 items-center justify-center rounded-md text-slate-600 ring-1 ring-slate-200 hover:bg-slate-100 data-[state=open]:bg-slate-100"
      >
        <MoreIcon className="size-4" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          className="z-50 min-w-32 rounded-md bg-white p-1 text-sm shadow-lg ring-1 ring-slate-200"
        >
          {allowed.map((action) => (
            <DropdownMenu.Item
              key={action.label}
              onSelect={action.onSelect}
              disabled={action.disabled}
              className={cn(
                'cursor-pointer rounded px-2.5 py-1.5 outline-none data-[highlighted]:bg-slate-100',
                'data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50',
                action.danger ? 'text-red-600' : 'text-slate-700',
              )}
            >
              {action.label}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
