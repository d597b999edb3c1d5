import { Button } from './button';

/**
 * Says that a save was refused because someone else changed the record since it was opened
 * (docs/decisions/edit-conflicts.md), with the button that loads it afresh. `message` is the server's,
 * `note` what the screen adds (what becomes of the admin's values).
 */
export function EditConflictAlert(props: {
  message: string;
  note?: string;
  reloadLabel: string;
  reloading: boolean;
  onReload: () => void;
}) {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center justify-between gap-3 rounded-md bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200"
    >
      <p>{props.note ? `${props.message} ${props.note}` : props.message}</p>
      <Button size="sm" variant="secondary" loading={props.reloading} onClick={props.onReload}>
        {props.reloadLabel}
      </Button>
    </div>
  );
}
