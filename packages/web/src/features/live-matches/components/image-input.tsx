import { useId, type ChangeEvent, type Ref } from 'react';
import { LIVE_MATCH_IMAGE } from '@streamdesk/contract/live-matches';
import { toast } from 'sonner';
import { cn } from '@/lib/cn';
import { UploadIndicator, type UploadState } from '@/ui/upload-indicator';
import { liveMatchImageProblem } from './image-check';

/**
 * A labelled PNG/GIF file input: a file the server would refuse is cleared at once, with the spec's
 * message and the error mark (doc 1 section 4, "Upload indicator").
 */
export function ImageInput({
  label,
  onFile,
  state,
  onState,
  inputRef,
  className,
}: {
  label: string;
  onFile: (file: File | null) => void;
  state: UploadState;
  onState: (state: UploadState) => void;
  inputRef?: Ref<HTMLInputElement>;
  className?: string;
}) {
  const id = useId();
  const change = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    const problem = file && liveMatchImageProblem(file);
    if (problem) {
      toast.error(problem);
      event.target.value = '';
      onFile(null);
      onState('error');
      return;
    }
    onFile(file);
    onState('idle');
  };
  return (
    <div className={cn('space-y-1.5', className)}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="flex items-center gap-2">
        <input
          id={id}
          ref={inputRef}
          type="file"
          accept={LIVE_MATCH_IMAGE.accept}
          onChange={change}
          className="block w-full min-w-0 text-sm text-slate-600 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium file:text-slate-700 hover:file:bg-slate-200"
        />
        <UploadIndicator state={state} />
      </div>
    </div>
  );
}
