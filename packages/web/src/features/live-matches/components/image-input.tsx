import { useId } from 'react';
import { LIVE_MATCH_IMAGE } from '@streamdesk/contract/live-matches';
import { cn } from '@/lib/cn';
import { UploadIndicator } from '@/ui/upload-indicator';
import type { useCheckedFile } from '@/ui/use-checked-file';

/** A labelled PNG/GIF file input with its upload indicator, driven by `useCheckedFile`. */
export function ImageInput({
  label,
  picker,
  className,
}: {
  label: string;
  picker: ReturnType<typeof useCheckedFile>;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={cn('space-y-1.5', className)}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="flex items-center gap-2">
        <input
          id={id}
          ref={picker.inputRef}
          type="file"
          accept={LIVE_MATCH_IMAGE.accept}
          onChange={picker.pick}
          className="block w-full min-w-0 text-sm text-slate-600 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium file:text-slate-700 hover:file:bg-slate-200"
        />
        <UploadIndicator state={picker.state} />
      </div>
    </div>
  );
}
