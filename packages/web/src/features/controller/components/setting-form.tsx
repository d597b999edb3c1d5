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

/**
 * A small labelled form of controller settings: checks each field with the contract's rule, shows the
 * message under the field, and calls `onSave` with the values when all pass.
 */
export function SettingForm(props: SettingFormProps) {
  // A new saved value resets the form; unsaved edits of other forms stay.
  return <SettingFormFields key={props.fields.map((f) => f.initial).join('\u0000')} {...props} />;
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

function SettingFormFields({
  title,
  description,
  fields,
  onSave,
  saveLabel = 'Save',
  hideTitle,
}: SettingFormProps) {
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(fields.map((f) => [f.name, f.initial])),
  );
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
