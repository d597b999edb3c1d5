import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from './button';
import { Dialog } from './dialog';
import { TextField } from './field';

/** The reply passes if, trimmed and lower-cased, it equals admin (doc 1 section 1). */
export function isAdminReply(reply: string): boolean {
  return reply.trim().toLowerCase() === 'admin';
}

export interface ConfirmAdminDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** What the admin is about to do, e.g. "delete every web ad". */
  action: string;
  onConfirm: () => void;
  wrongAnswerMessage?: string;
  confirmLabel?: string;
}

/** Confirmation by typing the word admin. */
export function ConfirmAdminDialog({ open, onOpenChange, ...props }: ConfirmAdminDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Please confirm">
      {open && <AdminForm {...props} onCancel={() => onOpenChange(false)} />}
    </Dialog>
  );
}

type AdminFormProps = Omit<ConfirmAdminDialogProps, 'open' | 'onOpenChange'> & { onCancel: () => void };

function AdminForm({ action, onConfirm, onCancel, wrongAnswerMessage, confirmLabel }: AdminFormProps) {
  const [reply, setReply] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isAdminReply(reply)) onConfirm();
    else toast.error(wrongAnswerMessage ?? 'Please type admin to confirm', { duration: 2000 });
  };
  return (
    <form onSubmit={submit} className="space-y-4">
      <p className="text-sm text-slate-600">
        You are about to {action}. To confirm, type{' '}
        <strong className="font-semibold text-slate-900">admin</strong>.
      </p>
      <TextField
        label="Type admin to confirm"
        autoComplete="off"
        autoFocus
        value={reply}
        onChange={(e) => setReply(e.target.value)}
      />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant="danger">
          {confirmLabel ?? 'Confirm'}
        </Button>
      </div>
    </form>
  );
}
