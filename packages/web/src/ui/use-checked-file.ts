import { useRef, useState, type ChangeEvent } from 'react';
import { toast } from 'sonner';
import type { WholeImageRule } from '@/lib/file-kind';
import { failedOnTheFile } from '@/lib/file-refusal';
import type { UploadState } from './upload-indicator';
import { useWholeImageCheck } from './use-whole-image-check';

/**
 * A file input whose pick is checked at once (doc 1 section 4, upload indicator): an invalid file is
 * toasted with its message, the input is cleared and the indicator shows the cross; a valid one is kept
 * and the indicator moves to `validState` ('success' shows the tick after its delay).
 *
 * With `wholeImage` (the kinds the server takes, and its message for a file that is not one of them), a
 * file that passes `check` is also read whole, as the server reads it (docs/decisions/0004-media-urls.md): an
 * image of another kind under a fitting name, or a cut-off or damaged one, is refused here rather than
 * after its upload. Only the latest pick counts.
 *
 * Sent with its form (`sending`), the file shows the spinner; a failed send (`failed`) shows the cross only
 * when it failed on the file, else the mark it had before. Emptied (`clear`), the picker shows `next`: the
 * spec's tick after a successful upload ('Upload complete', doc 1 section 4) until the next pick or Clear,
 * nothing otherwise.
 */
export function useCheckedFile(
  check: (file: File) => string | undefined,
  validState: UploadState,
  wholeImage?: WholeImageRule,
) {
  const [file, setFile] = useState<File | null>(null);
  const [state, setState] = useState<UploadState>('idle');
  /** Why the latest pick was refused (its toast's message), for the indicator to say. */
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const inputRef = useRef<HTMLInputElement>(null);
  /** The mark before the file was sent, for a send that failed on something else. */
  const beforeSending = useRef<UploadState>('idle');
  const whole = useWholeImageCheck(wholeImage);

  const settle = (input: HTMLInputElement, picked: File | null, problem: string | undefined) => {
    if (problem) {
      toast.error(problem);
      input.value = '';
    }
    setFile(picked && !problem ? picked : null);
    setProblem(problem);
    setState(!picked ? 'idle' : problem ? 'error' : validState);
  };

  const pick = (e: ChangeEvent<HTMLInputElement>) => {
    const input = e.target;
    const picked = input.files?.[0] ?? null;
    const problem = picked ? check(picked) : undefined;
    settle(input, picked, problem);
    whole.check(problem ? null : picked, (broken) => settle(input, picked, broken));
  };

  /** Forgets the file (and empties the input); the indicator shows `next`. */
  const clear = (next: UploadState = 'idle') => {
    whole.forget();
    setFile(null);
    setProblem(undefined);
    setState(next);
    if (inputRef.current) inputRef.current.value = '';
  };

  /** The form goes out: with a file, the spinner. */
  const sending = () => {
    beforeSending.current = state;
    if (file) setState('uploading');
  };

  /**
   * The form was refused or got no reply: the cross when it failed on the file (`failedOnTheFile`, with
   * the route's `fileRefusals`), else the mark it had before it was sent. True when it failed on the file.
   */
  const failed = (error: unknown, refusals: readonly string[]) => {
    const onTheFile = file !== null && failedOnTheFile(error, refusals);
    setState(onTheFile ? 'error' : beforeSending.current);
    return onTheFile;
  };

  return { file, state, setState, problem, inputRef, pick, clear, sending, failed };
}
