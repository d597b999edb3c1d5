import { useEffect } from 'react';
import { toast } from 'sonner';
import { FileField } from '@/ui/field';
import { useWholeImageCheck } from '@/ui/use-whole-image-check';
import { inHouseImageMimes, inHouseImageRule } from '@streamdesk/contract/inhouse-ads';
import { imageFileProblem } from './file-checks';

export interface ImageFileFieldProps {
  label: string;
  file: File | null;
  onChange: (file: File | null) => void;
  hint?: string;
  /** Bumped by the parent to clear the native input after a reset. */
  resetKey?: number;
}

/**
 * A labelled image picker that refuses (with the spec's message) a wrong type or an oversized file, and,
 * once it has read the file whole, an image the server would refuse (of another kind, cut off or damaged).
 */
export function ImageFileField({ label, file, onChange, hint, resetKey = 0 }: ImageFileFieldProps) {
  const whole = useWholeImageCheck(inHouseImageRule);
  // A reset forgets the file, so a check still reading it must not touch the fresh form.
  useEffect(() => whole.forget(), [resetKey, whole]);

  return (
    <FileField
      key={resetKey}
      label={label}
      accept={inHouseImageMimes.join(',')}
      hint={file ? `${file.name} (${Math.ceil(file.size / 1024)} KB)` : hint}
      onChange={(event) => {
        const input = event.target;
        const picked = input.files?.[0] ?? null;
        const refuse = (problem: string) => {
          toast.error(problem);
          input.value = '';
          onChange(null);
        };
        const problem = picked && imageFileProblem(picked);
        whole.check(problem ? null : picked, refuse);
        if (problem) return refuse(problem);
        onChange(picked);
      }}
    />
  );
}
