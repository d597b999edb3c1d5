import { useEffect, useId, useRef, useState, type ComponentProps, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

export const inputClass =
  'block w-full rounded-md border-0 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 ' +
  'placeholder:text-slate-400 focus:ring-2 focus:ring-brand-500 focus:outline-none aria-invalid:ring-red-500 disabled:bg-slate-50';

/**
 * A number is as wide as a number, wherever its field sits (issue 36, docs/decisions/0060): the
 * controller's Story Ads Position, a value of 1 to 9, had spanned a whole card. A cap, not a width, so
 * that a narrower column still holds it whole.
 */
const numberInputClass = `${inputClass} max-w-40`;

/** The classes of a text-like input of this type. */
export const inputClassFor = (type: string | undefined) =>
  type === 'number' ? numberInputClass : inputClass;

interface FieldProps {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
}

export type TextFieldProps = FieldProps & ComponentProps<'input'>;

export type TextAreaFieldProps = FieldProps &
  ComponentProps<'textarea'> & {
    /** Added to the textarea's own classes (`className` goes to the field around it, as for TextField). */
    inputClassName?: string;
  };

/**
 * The label, hint and error around one control: the label is visible and tied to the control, the hint
 * and the error are announced with it. `control` gets the id and the aria attributes to put on it.
 */
export function Field({
  label,
  error,
  hint,
  className,
  id,
  control,
}: FieldProps & {
  className?: string | undefined;
  id?: string | undefined;
  control: (aria: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const describedBy = [hint && `${inputId}-hint`, error && `${inputId}-error`].filter(Boolean).join(' ');
  return (
    <div className={cn('space-y-1.5', className)}>
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {control({
        id: inputId,
        ...(error ? { 'aria-invalid': true as const } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      })}
      {hint && (
        <p id={`${inputId}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${inputId}-error`} className="text-xs font-medium text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * An input with no Field around it (a table cell, a row editor) and a hint said under it, announced with
 * it: `input` gets the aria-describedby to put on it while there is a hint.
 */
export function WithHint({
  hint,
  className,
  input,
}: {
  hint: string | undefined;
  className?: string;
  input: (aria: { 'aria-describedby'?: string }) => ReactNode;
}) {
  const id = useId();
  return (
    <>
      {input(hint ? { 'aria-describedby': id } : {})}
      {hint && (
        <span id={id} className={cn('block text-xs font-normal text-slate-500', className)}>
          {hint}
        </span>
      )}
    </>
  );
}

/** A labelled input. */
export function TextField({ label, error, hint, className, id, ...input }: TextFieldProps) {
  return (
    <Field
      {...{ label, error, hint, className, id }}
      control={(aria) => <input {...aria} className={inputClassFor(input.type)} {...input} />}
    />
  );
}

/** A labelled textarea. */
export function TextAreaField({
  label,
  error,
  hint,
  className,
  id,
  inputClassName,
  ...textarea
}: TextAreaFieldProps) {
  return (
    <Field
      {...{ label, error, hint, className, id }}
      control={(aria) => <textarea {...aria} className={cn(inputClass, inputClassName)} {...textarea} />}
    />
  );
}

export type FileFieldProps = FieldProps &
  Omit<ComponentProps<'input'>, 'type'> & {
    /** Shown beside the picker, e.g. its UploadIndicator. */
    adornment?: ReactNode;
    /** Replaces the input's own classes (`className` goes to the field around it, as for TextField). */
    inputClassName?: string;
  };

/** The look of every file picker's button. */
const fileInputClass =
  'block w-full min-w-0 text-sm text-slate-600 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 ' +
  'file:py-2 file:text-sm file:font-medium file:text-slate-700 hover:file:bg-slate-200 disabled:opacity-60';

/** A labelled file picker; its hint (what it accepts) and error are announced with it. */
export function FileField({
  label,
  error,
  hint,
  className,
  id,
  adornment,
  inputClassName = fileInputClass,
  ...input
}: FileFieldProps) {
  return (
    <Field
      {...{ label, error, hint, className, id }}
      control={(aria) => (
        <div className="flex items-center gap-2">
          <input {...aria} type="file" className={inputClassName} {...input} />
          {adornment}
        </div>
      )}
    />
  );
}

/**
 * Focus on a form's first invalid field (the first control a Field marks `aria-invalid`), once the
 * problems just found have rendered: a keyboard or screen-reader user lands on what to fix, and the
 * page scrolls to it. Put `ref` on the form and call `focusFirstInvalid` after setting the errors.
 */
export function useFocusFirstInvalid() {
  const ref = useRef<HTMLFormElement>(null);
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    if (asked) ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [asked]);
  return { ref, focusFirstInvalid: () => setAsked((n) => n + 1) };
}
