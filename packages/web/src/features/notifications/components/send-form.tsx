import { useRef, useState, type FormEvent } from 'react';
import { enGbDateTime } from '@streamdesk/contract/format';
import { notificationFields } from '@streamdesk/contract/notifications';
import { unlessFailed } from '@/lib/api-client';
import { reportZone, shownZonedTime, zonedInputToIso } from '@/lib/report-time';
import { toastSuccess } from '@/ui/toast-success';
import { useFormLeaveGuard } from '@/ui/use-form-leave-guard';
import { Button } from '@/ui/button';
import { FormActions } from '@/ui/form-actions';
import { ConfirmAdminDialog } from '@/ui/confirm-admin-dialog';
import { dateTimeProblem, pastProblem } from '@/ui/date-time-field';
import { FileField } from '@/ui/field';
import { toastSendOutcome } from './send-outcome-toast';
import { useSendNotification } from '../api';
import { checkIcon } from '../icon-check';
import { fieldErrors, SendAtField, TitleAndMessage, UrlField, useTextForm } from './text-fields';

const EMPTY = { title: '', message: '', url: '', sendAt: '' };

/**
 * Title, Message, URL, Icon and an optional time to send it later (issue 34); checked here with the
 * contract's rules before anything is sent.
 */
export function SendForm() {
  const text = useTextForm(EMPTY);
  const { values, setValues, setErrors } = text;
  const [icon, setIcon] = useState<File | null>(null);
  const iconInput = useRef<HTMLInputElement>(null);
  const send = useSendNotification();
  /** A checked form waiting for the admin to type admin (see docs/decisions/0013-screens.md). */
  const [pending, setPending] = useState<FormData | null>(null);
  // Sent or scheduled, the form empties: nothing is left to lose.
  useFormLeaveGuard('the notification', { values, opened: EMPTY, picked: icon !== null });

  const pickIcon = async (file: File | undefined) => {
    if (!file) {
      setIcon(null);
      setErrors((e) => ({ ...e, icon: undefined }));
      return;
    }
    const problem = await checkIcon(file);
    setIcon(problem ? null : file);
    setErrors((e) => ({ ...e, icon: problem }));
    if (problem && iconInput.current) iconInput.current.value = '';
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = notificationFields.safeParse(values);
    const sendAtProblem = dateTimeProblem('dateTime', values.sendAt);
    if (!parsed.success || sendAtProblem) {
      const found = fieldErrors(parsed.error?.issues ?? []);
      setErrors((e) => ({ ...found, sendAt: sendAtProblem ?? found.sendAt, icon: e.icon }));
      return;
    }
    const past = pastProblem(values.sendAt);
    if (past) {
      setErrors((e) => ({ ...e, sendAt: past }));
      return;
    }
    const sendAt = values.sendAt ? zonedInputToIso(values.sendAt) : '';
    // A refused icon was dropped from the picker (its message says so); the icon is optional, so the
    // notification goes without one rather than Send doing nothing until another file is picked.
    setErrors((e) => ({ ...e, icon: undefined }));
    const form = new FormData();
    form.append('title', parsed.data.title);
    form.append('message', parsed.data.message);
    form.append('url', parsed.data.url ?? '');
    if (sendAt) form.append('sendAt', sendAt);
    if (icon) form.append('image', icon, icon.name);
    setPending(form);
  };

  const confirmSend = async (form: FormData) => {
    setPending(null);
    const reply = await unlessFailed(send.mutateAsync(form));
    if (!reply) return;
    if (reply.data.status === 'scheduled')
      toastSuccess(`${reply.message} for ${shownZonedTime(reply.data.scheduledAt)} (${reportZone()})`);
    else toastSendOutcome({ data: reply.data });
    setValues(EMPTY);
    setIcon(null);
    if (iconInput.current) iconInput.current.value = '';
  };

  return (
    <>
      <form
        onSubmit={(e) => void submit(e)}
        noValidate
        aria-label="Send a notification"
        className="space-y-4 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
      >
        <h2 className="text-base font-semibold text-slate-900">Send a notification</h2>
        <TitleAndMessage form={text} />
        <div className="grid gap-4 md:grid-cols-2">
          <UrlField form={text} hint="Optional: opened when the notification is tapped" />
          <FileField
            label="Icon"
            ref={iconInput}
            accept="image/png,image/jpeg"
            onChange={(e) => void pickIcon(e.target.files?.[0])}
            error={text.errors.icon}
            hint="Optional: PNG or JPEG, at most 1 MB"
          />
        </div>
        <SendAtField form={text} label="Send at (optional)" hint="Leave empty to send now." />
        <FormActions>
          <Button write="notifications" type="submit" loading={send.isPending}>
            {values.sendAt ? 'Schedule' : 'Send'}
          </Button>
        </FormActions>
      </form>
      {/* Outside the form: the dialog's own form would otherwise submit this one through React's tree. */}
      <ConfirmAdminDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        action={`send "${values.title.trim()}" to every subscribed device${values.sendAt ? ` at ${enGbDateTime(values.sendAt)} (${reportZone()})` : ''}`}
        confirmLabel={values.sendAt ? 'Schedule' : 'Send'}
        onConfirm={() => pending && void confirmSend(pending)}
      />
    </>
  );
}
