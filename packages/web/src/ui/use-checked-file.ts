import { useRef, useState, type ChangeEvent } from 'react';
import { toast } from 'sonner';
import type { UploadState } from './upload-indicator';

/**
 * A file input whose pick is checked at once (doc 1 section 4, upload indicator): an invalid file is
 * toasted with its message, the input is cleared and the indicator shows the cross; a valid one is kept
 * and the indicator moves to `validState` ('success' shows the tick after its delay).
 */
export function useCheckedFile(check: (file: File) => string | undefined, validState: UploadState) {
  const [file, setFile] = useState<File | null>(null);
  const [state, setState] = useState<UploadState>('idle');
  const inputRef = useRef<HTMLInputElement>(null);

  const pick = (e: ChangeEvent<HTMLInputElement>) => {
    const picked = e.target.files?.[0] ?? null;
    const problem = picked ? check(picked) : undefined;
    if (problem) {
      toast.error(problem);
      e.target.value = '';
    }
    setFile(picked && !problem ? picked : null);
    setState(!picked ? 'idle' : problem ? 'error' : validState);
  };

  /** Forgets the file (and empties the input); the indicator keeps its state unless one is given. */
  const clear = (next?: UploadState) => {
    setFile(null);
    if (inputRef.current) inputRef.current.value = '';
    if (next) setState(next);
  };

  return { file, state, setState, inputRef, pick, clear };
}
