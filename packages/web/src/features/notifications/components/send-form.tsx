import { useRef, useState, type FormEvent } from 'react';
import { notificationFields, notificationLimits } from '@streamdesk/contract/notifications';
import { unlessFailed } from '@/lib/api-client';
import { Button } from '@/ui/button';
import { ConfirmAdminDialog } from '@/ui/confirm-admin-dialog';
import { FileField, TextAreaField, TextField } from '@/ui/field';
import { toastSendOutcome } from './send-outcome-toast';
import { useSendNotification } from '../api';
import { checkIcon } from '../icon-check';

type Errors = Partial<Record<'title' | 'message' | 'url' | 'icon', string>>;

/** Title, Message, URL and Icon; checked here with the contract's rules before anything is sent. */
export function SendForm() {
  const [values, setValues] = useState({ title: '', message: '', url: '' });
  const [icon, setIcon] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const iconInput = useRef<HTMLInputElement>(null);
  const send = useSendNotification();
  /** A checked form waiting for the admin to type admin (see docs/decisions/0013-screens.md). */
  const [pending, setPending] = useState<FormData | null>(null);

  const set = (field: keyof typeof values) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

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
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof Errors;
        found[field] ??= issue.message;
      }
      setErrors((e) => ({ ...found, icon: e.icon }));
      return;
    }
    // A refused icon was dropped from the picker (its message says so); the icon is optional, so the
    // notification goes without one rather than Send doing nothing until another file is picked.
    setErrors((e) => ({ ...e, icon: undefined }));
    const form = new FormData();
    form.append('title', parsed.data.title);
    form.append('message', parsed.data.message);
    form.append('url', parsed.data.url ?? '');
    if (icon) form.append('image', icon, icon.name);
    setPending(form);
  };

  const confirmSend = async (form: FormData) => {
    setPending(null);
    const reply = await unlessFailed(send.mutateAsync(form));
    if (!reply) return;
    toastSendOutcome({ data: reply.data });
    setValues({ title: '', message: '', url: '' });
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
        <TextField
          label="Title"
          required
          maxLength={notificationLimits.title}
          value={values.title}
          onChange={(e) => set('title')(e.target.value)}
          error={errors.title}
        />
        <TextAreaField
          label="Message"
          required
          rows={3}
          maxLength={notificationLimits.message}
          value={values.message}
          onChange={(e) => set('message')(e.target.value)}
          error={errors.message}
        />
        <div className="grid gap-4 md:grid-cols-2">
          <TextField
            label="URL"
            type="url"
            placeholder="https://"
            maxLength={notificationLimits.url}
            value={values.url}
            onChange={(e) => set('url')(e.target.value)}
            error={errors.url}
            hint="Optional: opened when the notification is tapped"
          />
          <FileField
            label="Icon"
            ref={iconInput}
            accept="image/png,image/jpeg"
            onChange={(e) => void pickIcon(e.target.files?.[0])}
            error={errors.icon}
            hint="Optional: PNG or JPEG, at most 1 MB"
          />
        </div>
        <div className="flex justify-end">
          <Button write="notifications" type="submit" loading={send.isPending}>
            Send
          </Button>
        </div>
      </form>
      {/* Outside the form: the dialog's own form would otherwise submit this one through React's tree. */}
      <ConfirmAdminDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        action={`send "${values.title.trim()}" to every subscribed device`}
        confirmLabel="Send"
        onConfirm={() => pending && void confirmSend(pending)}
      />
    </>
  );
}
