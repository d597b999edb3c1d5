import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/ui/button';
import { TextField } from '@/ui/field';

export interface SettingField {
  name: string;
  label: string;
  initial: string;
  type?: 'text' | 'url' | 'number';
  min?: number;
  max?: number;
  placeholder?: string;
  hint?: string;
  /** Spans the whole form width (long values: URLs, messages). */
  wide?: boolean;
  /** The message to show, or undefined when the value is fine. */
  check: (value: string) => string | undefined;
}

interface SettingFormProps {
  title: string;
  description?: ReactNode;
  fields: SettingField[];
  onSave: (values: Record<string, string>) => Promise<unknown>;
  saveLabel?: string;
  /** Names the form for assistive technology only (the section heading already says it). */
  hideTitle?: boolean;
}

/**
 * A small labelled form of controller settings: checks each field with the contract's rule, shows the
 * message under the field, and calls `onSave` with the values when all pass.
 */
export function SettingForm({
  title,
  description,
  fields,
  onSave,
  saveLabel = 'Save',
  hideTitle,
}: SettingFormProps) {
  const initials = Object.fromEntries(fields.map((f) => [f.name, f.initial]));
  const [values, setValues] = useState<Record<string, string>>(initials);
  // A newly saved value shows in the fields still holding the old one; a field the admin has changed
  // keeps what was typed. The form is never rebuilt under a save in flight: Web Redirect saves its URL,
  // the settings reload, then it saves its position, which a rebuilt form would have lost.
  const [shown, setShown] = useState(initials);
  if (fields.some((f) => shown[f.name] !== f.initial)) {
    setShown(initials);
    setValues((v) =>
      Object.fromEntries(
        fields.map((f) => {
          const current = v[f.name] ?? f.initial;
          return [f.name, current === shown[f.name] ? f.initial : current];
        }),
      ),
    );
  }
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = Object.fromEntries(fields.map((f) => [f.name, f.check(values[f.name] ?? '')]));
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setPending(true);
    try {
      await onSave(values);
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label={title} className="space-y-3">
      <div>
        <h3 className={hideTitle ? 'sr-only' : 'text-sm font-semibold text-slate-900'}>{title}</h3>
        {description && <p className="text-xs text-slate-500">{description}</p>}
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        {fields.map((f) => (
          <TextField
            key={f.name}
            className={f.wide ? 'sm:col-span-2' : undefined}
            label={f.label}
            hint={f.hint}
            name={f.name}
            type={f.type ?? 'text'}
            inputMode={f.type === 'number' ? 'numeric' : undefined}
            min={f.min}
            max={f.max}
            placeholder={f.placeholder}
            value={values[f.name] ?? ''}
            error={errors[f.name]}
            onChange={(event) => {
              const value = event.target.value;
              setValues((v) => ({ ...v, [f.name]: value }));
              if (errors[f.name]) setErrors((e) => ({ ...e, [f.name]: undefined }));
            }}
          />
        ))}
      </div>
      <Button type="submit" size="sm" loading={pending}>
        {saveLabel}
      </Button>
    </form>
  );
}
