import { useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { isEditConflict } from '@streamdesk/contract/edit-versions';
import { ApiCallError } from '@/lib/api-client';
import { Button } from '@/ui/button';
import { FormActions } from '@/ui/form-actions';
import { EditConflictAlert } from '@/ui/edit-conflict-alert';
import { cn } from '@/lib/cn';
import { Field, inputClassFor, TextField } from '@/ui/field';

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
  /**
   * Sends the values (with `version`, for a form that has one); resolves with the save's reply, or
   * rejects with the failed call's `ApiCallError` (its mutation has already said why).
   */
  onSave: (values: Record<string, string>, version: string | undefined) => Promise<unknown>;
  saveLabel?: string;
  /** Names the form for assistive technology only (the section heading already says it). */
  hideTitle?: boolean;
  /**
   * For a form saved whole (contract EDIT_GROUPS): the version of its settings as read, sent back with
   * the save, and what to do when the save is refused because another admin changed them since.
   */
  edit?: { version: string | undefined; reloadLabel: string; onReload: () => Promise<void> };
}

/**
 * A small labelled form of controller settings: checks each field with the contract's rule, shows the
 * message under the field, and calls `onSave` with the values when all pass. A form with `edit` sends
 * the version of the settings its values were begun from; refused because another admin changed them
 * since, it keeps the admin's values with an alert offering the reload (which remounts the form from the
 * settings read again) and holds Save until then (docs/decisions/0009-edit-conflicts.md).
 */
export function SettingForm({
  title,
  description,
  fields,
  onSave,
  saveLabel = 'Save',
  hideTitle,
  edit,
}: SettingFormProps) {
  const initials = Object.fromEntries(fields.map((f) => [f.name, f.initial]));
  const [values, setValues] = useState<Record<string, string>>(initials);
  const [version, setVersion] = useState(edit?.version);
  // A newly saved value shows in the fields still holding the old one; a field the admin has changed
  // keeps what was typed. The form is never rebuilt under a save in flight: Web Redirect saves its URL,
  // the settings reload, then it saves its position, which a rebuilt form would have lost.
  const [shown, setShown] = useState(initials);
  if (fields.some((f) => shown[f.name] !== f.initial)) {
    const merged = Object.fromEntries(
      fields.map((f) => {
        const current = values[f.name] ?? f.initial;
        return [f.name, current === shown[f.name] ? f.initial : current];
      }),
    );
    setShown(initials);
    setValues(merged);
    // With nothing of a draft left (nothing typed, or the form's own save), the form holds the settings
    // as read now, and their version; a draft keeps the version it was begun from.
    if (fields.every((f) => merged[f.name] === f.initial)) setVersion(edit?.version);
  }
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [pending, setPending] = useState(false);
  const [conflict, setConflict] = useState<string>();
  const [reloading, setReloading] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = Object.fromEntries(fields.map((f) => [f.name, f.check(values[f.name] ?? '')]));
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setPending(true);
    try {
      const reply = (await onSave(values, version)) as { version?: unknown } | undefined;
      // Its own save: the next one goes from what is stored now. Not told by comparing the values with
      // the reloaded ones: the server keeps them trimmed ('Shop ' is stored 'Shop').
      if (edit && typeof reply?.version === 'string') setVersion(reply.version);
    } catch (error) {
      if (!(error instanceof ApiCallError)) throw error;
      if (edit && isEditConflict(error.message)) setConflict(error.message);
    } finally {
      setPending(false);
    }
  };

  const single = fields.length === 1;
  // A refused save would be refused again: only after a reload can the form be saved.
  const saveButton = (beside: boolean) => (
    <FormActions beside={beside}>
      <Button write="controller" type="submit" loading={pending} disabled={conflict !== undefined}>
        {saveLabel}
      </Button>
    </FormActions>
  );

  // What a field's input is given, in the grid of several fields or alone beside its Save.
  const inputProps = (f: SettingField) => ({
    name: f.name,
    type: f.type ?? 'text',
    inputMode: f.type === 'number' ? ('numeric' as const) : undefined,
    min: f.min,
    max: f.max,
    placeholder: f.placeholder,
    value: values[f.name] ?? '',
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.target.value;
      setValues((v) => ({ ...v, [f.name]: value }));
      if (errors[f.name]) setErrors((e) => ({ ...e, [f.name]: undefined }));
    },
  });

  const reload = () => {
    setReloading(true);
    void edit?.onReload().finally(() => setReloading(false));
  };

  return (
    <form onSubmit={submit} noValidate aria-label={title} className="space-y-3">
      <div>
        <h3 className={hideTitle ? 'sr-only' : 'text-sm font-semibold text-slate-900'}>{title}</h3>
        {description && <p className="text-xs text-slate-500">{description}</p>}
      </div>
      {single ? (
        // One field: its Save beside its input, the two one compact form; the hint and a message under
        // both. A number's input is as wide as a number (a value of 1 to 9 had spanned the whole card).
        <Field
          label={fields[0]!.label}
          hint={fields[0]!.hint}
          error={errors[fields[0]!.name]}
          control={(aria) => (
            <div className="flex items-start gap-2">
              <input
                {...aria}
                {...inputProps(fields[0]!)}
                className={cn(
                  inputClassFor(fields[0]!.type),
                  'min-w-0',
                  fields[0]!.type !== 'number' && 'flex-1',
                )}
              />
              {saveButton(true)}
            </div>
          )}
        />
      ) : (
        <div className="grid gap-3 sm:grid-cols-2">
          {fields.map((f) => (
            <TextField
              key={f.name}
              className={f.wide ? 'sm:col-span-2' : undefined}
              label={f.label}
              hint={f.hint}
              error={errors[f.name]}
              {...inputProps(f)}
            />
          ))}
        </div>
      )}
      {conflict && edit && (
        <EditConflictAlert
          message={conflict}
          note="Your values stay here until you reload."
          reloadLabel={edit.reloadLabel}
          reloading={reloading}
          onReload={reload}
        />
      )}
      {!single && saveButton(false)}
    </form>
  );
}
