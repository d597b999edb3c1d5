import { useId, type ComponentProps } from 'react';
import { inputClass } from '@/ui/field';

/** A labelled native select (the label is visible and tied to it). */
export function SelectField({
  label,
  options,
  className,
  ...select
}: ComponentProps<'select'> & { label: string; options: readonly { value: string; label: string }[] }) {
  const id = useId();
  return (
    <div className={className ? `space-y-1.5 ${className}` : 'space-y-1.5'}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <select id={id} className={inputClass} {...select}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
