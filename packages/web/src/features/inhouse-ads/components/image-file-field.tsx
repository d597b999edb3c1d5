import { useId, useRef } from 'react';
import { toast } from 'sonner';
import { inputClass } from '@/ui/field';
import { inHouseImageMimes } from '@streamdesk/contract/inhouse-ads';
import { imageFileProblem } from './file-checks';

export interface ImageFileFieldProps {
  label: string;
  file: File | null;
  onChange: (file: File | null) => void;
  hint?: string;
  /** Bumped by the parent to clear the native input after a reset. */
  resetKey?: number;
}

/** A labelled image picker that refuses (with the spec's message) a wrong type or an oversized file. */
export function ImageFileField({ label, file, onChange, hint, resetKey = 0 }: ImageFileFieldProps) {
  const id = useId();
  const ref = useRef<HTMLInputElement>(null);
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        key={resetKey}
        ref={ref}
        id={id}
        type="file"
        accept={inHouseImageMimes.join(',')}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className={`${inputClass} file:mr-3 file:rounded file:border-0 file:bg-slate-100 file:px-2 file:py-1 file:text-xs file:font-medium`}
        onChange={(event) => {
          const picked = event.target.files?.[0] ?? null;
          const problem = picked && imageFileProblem(picked);
          if (problem) {
            toast.error(problem);
            event.target.value = '';
            onChange(null);
            return;
          }
          onChange(picked);
        }}
      />
      <p id={`${id}-hint`} className="text-xs text-slate-500">
        {file ? `${file.name} (${Math.ceil(file.size / 1024)} KB)` : hint}
      </p>
    </div>
  );
}
