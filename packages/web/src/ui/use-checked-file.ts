import { useRef, useState, type ChangeEvent } from 'react';
import { toast } from 'sonner';
import { brokenImageProblem } from '@/lib/file-kind';
import type { UploadState } from './upload-indicator';

/**
 * A file input whose pick is checked at once (doc 1 section 4, upload indicator): an invalid file is
 * toasted with its message, the input is cleared and the indicator shows the cross; a valid one is kept
 * and the indicator moves to `validState` ('success' shows the tick after its delay).
 *
 * With `wholeImage` (the server's message for a file that is not the image it says), a file that passes
 * `check` is also read whole, as the server reads it (docs/decisions/images-whole.md): a cut-off or
 * damaged image is refused here rather than after its upload. Only the latest pick counts.
 */
export function useCheckedFile(
  check: (file: File) => string | undefined,
  validState: UploadState,
  wholeImage?: string,
) {
  const [file, setFile] = useState<File | null>(null);
  const [state, setState] = useState<UploadState>('idle');
  const inputRef = useRef<HTMLInputElement>(null);
  const picks = useRef(0);

  const settle = (input: HTMLInputElement, picked: File | null, problem: string | undefined) => {
    if (problem) {
      toast.error(problem);
      input.value = '';
    }
    setFile(picked && !problem ? picked : null);
    setState(!picked ? 'idle' : problem ? 'error' : validState);
  };

  const pick = (e: ChangeEvent<HTMLInputElement>) => {
    const input = e.target;
    const picked = input.files?.[0] ?? null;
    const pickNo = ++picks.current;
    const problem = picked ? check(picked) : undefined;
    settle(input, picked, problem);
    if (!picked || problem || !wholeImage) return;
    // The file is kept while it is read (a few ms for 1 MB), so a submit at once still sends it (and
    // the server refuses it if it is broken); a broken one is then dropped with its message.
    void brokenImageProblem(picked, wholeImage).then((broken) => {
      if (broken && pickNo === picks.current) settle(input, picked, broken);
    });
  };

  /** Forgets the file (and empties the input); the indicator keeps its state unless one is given. */
  const clear = (next?: UploadState) => {
    picks.current++;
    setFile(null);
    if (inputRef.current) inputRef.current.value = '';
    if (next) setState(next);
  };

  return { file, state, setState, inputRef, pick, clear };
}
