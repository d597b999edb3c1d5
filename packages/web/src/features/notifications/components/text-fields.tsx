import { useState } from 'react';
import { notificationLimits } from '@streamdesk/contract/notifications';
import { reportZone } from '@/lib/report-time';
import { DateTimeField } from '@/ui/date-time-field';
import { TextAreaField, TextField } from '@/ui/field';

/** What the send form and the edit of a send later type: the send time is a datetime-local value
 * (or the text typed while it is not a date and time: dateTimeProblem). */
export interface TextValues {
  title: string;
  message: string;
  url: string;
  sendAt: string;
}
export type TextErrors = Partial<Record<keyof TextValues | 'icon', string>>;

/** The values typed, their errors, and a setter that clears a field's error as it changes. */
export function useTextForm(initial: TextValues) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<TextErrors>({});
  const set = (field: keyof TextValues) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  return { values, setValues, errors, setErrors, set };
}

/** The first message of each field a contract check refused. */
export function fieldErrors(issues: readonly { path: PropertyKey[]; message: string }[]): TextErrors {
  const found: TextErrors = {};
  for (const issue of issues) found[issue.path[0] as keyof TextErrors] ??= issue.message;
  return found;
}

type Form = ReturnType<typeof useTextForm>;

export function TitleAndMessage({ form }: { form: Form }) {
  return (
    <>
      <TextField
        label="Title"
        required
        maxLength={notificationLimits.title}
        value={form.values.title}
        onChange={(e) => form.set('title')(e.target.value)}
        error={form.errors.title}
      />
      <TextAreaField
        label="Message"
        required
        rows={3}
        maxLength={notificationLimits.message}
        value={form.values.message}
        onChange={(e) => form.set('message')(e.target.value)}
        error={form.errors.message}
      />
    </>
  );
}

export function UrlField({ form, hint }: { form: Form; hint?: string }) {
  return (
    <TextField
      label="URL"
      type="url"
      placeholder="https://"
      maxLength={notificationLimits.url}
      value={form.values.url}
      onChange={(e) => form.set('url')(e.target.value)}
      error={form.errors.url}
      hint={hint}
    />
  );
}

/** The send time, entered as the wall clock of REPORT_TIME_ZONE. */
export function SendAtField({ form, label, hint }: { form: Form; label: string; hint?: string }) {
  return (
    <DateTimeField
      label={label}
      calendarLabel="Pick the day and time on a calendar"
      className="md:w-72"
      value={form.values.sendAt}
      onChange={form.set('sendAt')}
      error={form.errors.sendAt}
      hint={`${hint ? `${hint} ` : ''}Time in ${reportZone()}.`}
    />
  );
}
