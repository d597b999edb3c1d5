import { useState, type FormEvent } from 'react';
import { scheduledEditBody, type Notification } from '@streamdesk/contract/notifications';
import { unlessFailed } from '@/lib/api-client';
import {
  isoToZonedInput,
  reportZone,
  shownZonedDayAndTime,
  shownZonedTime,
  zonedInputToIso,
} from '@/lib/report-time';
import { BreaksBetween } from '@/ui/breaks-between';
import { Button } from '@/ui/button';
import { FormActions } from '@/ui/form-actions';
import { dateTimeProblem, pastProblem } from '@/ui/date-time-field';
import { Dialog } from '@/ui/dialog';
import { toastSuccess } from '@/ui/toast-success';
import { DraftScope, useAskBeforeDropping } from '@/ui/ask-before-dropping';
import { useFormLeaveGuard } from '@/ui/use-form-leave-guard';
import { useCancelScheduled, useEditScheduled } from '../api';
import { fieldErrors, SendAtField, TitleAndMessage, UrlField, useTextForm } from './text-fields';

/** What a send later's row says in place of its delivery: when it goes, or why it never went. */
export function UnsentStatus({ notification: n }: { notification: Notification }) {
  if (n.status === 'scheduled') {
    const [day, time] = shownZonedDayAndTime(n.scheduledAt);
    return (
      <p className="text-sm">
        <span className="inline-flex rounded-full bg-sky-50 px-2 py-0.5 text-xs font-medium text-sky-700 ring-1 ring-sky-600/20 ring-inset">
          Scheduled
        </span>
        {/* In parts, so that the Delivery column narrows and the history fits a laptop's screen. */}
        <span className="mt-0.5 block text-xs whitespace-normal text-slate-500">
          <BreaksBetween parts={[`for ${day}`, time, `(${reportZone()})`]} />
        </span>
      </p>
    );
  }
  return (
    <p className="text-sm">
      <span className="inline-flex rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600 ring-1 ring-slate-500/20 ring-inset">
        {n.status === 'cancelled' ? 'Cancelled' : 'Missed'}
      </span>
      {n.status === 'missed' && (
        <span className="mt-0.5 block max-w-64 text-xs whitespace-normal text-red-600">
          {n.delivery.fcm.detail}
        </span>
      )}
    </p>
  );
}

/**
 * Edit a send later's text and time before it goes. Closed with a changed field (Esc, a click outside,
 * Keep as it was), it asks first, as leaving the screen does (0056): Cancel keeps the dialog and its values.
 */
export function EditScheduledDialog({
  notification: n,
  onClose,
}: {
  notification: Notification | null;
  onClose: () => void;
}) {
  const drops = useAskBeforeDropping();
  const close = () => drops.ask(onClose);
  return (
    <>
      <Dialog
        open={n !== null}
        onOpenChange={(open) => !open && close()}
        title="Edit the scheduled notification"
      >
        <DraftScope hold={drops.hold}>
          {n && <EditScheduledForm key={n._id} notification={n} onCancel={close} onSaved={onClose} />}
        </DraftScope>
      </Dialog>
      {drops.dialog}
    </>
  );
}

function EditScheduledForm({
  notification: n,
  onCancel,
  onSaved,
}: {
  notification: Notification;
  onCancel: () => void;
  onSaved: () => void;
}) {
  const [opened] = useState(() => ({
    title: n.n_title,
    message: n.n_message,
    url: n.n_url ?? '',
    sendAt: n.scheduledAt ? isoToZonedInput(n.scheduledAt) : '',
  }));
  const text = useTextForm(opened);
  const { values } = text;
  const edit = useEditScheduled();
  // A move off the screen (Back) or a reload asks too while a field differs from what the dialog opened with.
  useFormLeaveGuard('the scheduled notification', { values, opened });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const sendAtProblem = dateTimeProblem('dateTime', values.sendAt);
    const sendAt = values.sendAt && !sendAtProblem ? zonedInputToIso(values.sendAt) : '';
    const body = { ...values, sendAt };
    const parsed = scheduledEditBody.safeParse(body);
    const found = fieldErrors(parsed.error?.issues ?? []);
    const when = values.sendAt ? (sendAtProblem ?? pastProblem(values.sendAt)) : 'Choose when it goes';
    if (when) found.sendAt = when;
    text.setErrors(found);
    if (Object.keys(found).length) return;
    const reply = await unlessFailed(edit.mutateAsync({ id: n._id, body }));
    if (!reply) return;
    toastSuccess(reply.message);
    onSaved();
  };

  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label="Edit the scheduled notification"
      className="space-y-3"
    >
      <TitleAndMessage form={text} />
      <UrlField form={text} />
      <SendAtField form={text} label="Send at" />
      <FormActions>
        <Button variant="secondary" onClick={onCancel}>
          Keep as it was
        </Button>
        <Button type="submit" write="notifications" loading={edit.isPending}>
          Save
        </Button>
      </FormActions>
    </form>
  );
}

/** Asks before cancelling a send later. */
export function CancelScheduledDialog({
  notification: n,
  onClose,
}: {
  notification: Notification | null;
  onClose: () => void;
}) {
  const cancel = useCancelScheduled();
  const confirm = async (id: string) => {
    const reply = await unlessFailed(cancel.mutateAsync(id));
    if (reply) toastSuccess(reply.message);
    onClose();
  };
  return (
    <Dialog
      open={n !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Cancel this scheduled notification?"
      description={n ? `"${n.n_title}" will not be sent at ${shownZonedTime(n.scheduledAt)}.` : undefined}
    >
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          Keep it
        </Button>
        <Button
          variant="danger"
          write="notifications"
          loading={cancel.isPending}
          onClick={() => n && void confirm(n._id)}
        >
          Cancel the notification
        </Button>
      </div>
    </Dialog>
  );
}
