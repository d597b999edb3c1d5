import { toast } from 'sonner';
import { FileField } from '@/ui/field';
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
  return (
    <FileField
      key={resetKey}
      label={label}
      accept={inHouseImageMimes.join(',')}
      hint={file ? `${file.name} (${Math.ceil(file.size / 1024)} KB)` : hint}
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
  );
}
