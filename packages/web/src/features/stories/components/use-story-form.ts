import { storyMessages, storyRoutes } from '@streamdesk/contract/stories';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { failedOnTheFile, fileRefusals } from '@/lib/file-refusal';
import { useFocusFirstInvalid } from '@/ui/field';
import type { UploadProgress } from '@/lib/upload';
import type { UploadState } from '@/ui/upload-indicator';
import type { StoryFieldsProps } from './story-fields';
import { emptyStoryForm, formProblems, type StoryFormErrors, type StoryFormValues } from './story-form';

/** The server's refusals of a story's file: its rules', and those its service makes. */
const storyFileRefusals = fileRefusals(storyRoutes.add, [
  storyMessages.selectFile,
  storyMessages.videoTooLong,
  storyMessages.oneFile,
  storyMessages.ntvNoFile,
]);

/**
 * What the add and edit forms share: the values, the chosen file, its upload state and progress, and the
 * problems shown under the fields. `fields` are the props of StoryFields but for the types offered.
 */
export function useStoryForm(initial: StoryFormValues | (() => StoryFormValues)) {
  const [values, setValues] = useState<StoryFormValues>(initial);
  const [file, setFile] = useState<File>();
  const [uploadState, setUploadState] = useState<UploadState>('idle');
  const [uploadPercent, setUploadPercent] = useState<number>();
  const [errors, setErrors] = useState<StoryFormErrors>({});
  const fileRef = useRef<HTMLInputElement>(null);
  const invalid = useFocusFirstInvalid();

  /**
   * Checks the form before anything is sent: every problem shows at once under its field, and focus goes
   * to the first. A missing file also shows the spec's toast and the error mark (doc 1 sections 4 and 5),
   * as the other forms with a required picker do. True when the form may be sent.
   */
  const check = (hasMedia: boolean, buttonNameLabel?: string) => {
    const found = formProblems(values, file, hasMedia, buttonNameLabel);
    setErrors(found);
    if (found.file) {
      setUploadState('error');
      toast.error(found.file);
    }
    if (Object.keys(found).length === 0) return true;
    invalid.focusFirstInvalid();
    return false;
  };

  /**
   * Marks the chosen file as going out, at 0%; what it returns reports the upload's progress. Without a
   * file to send (an NTV story, an edit keeping its media) there is nothing to watch: undefined.
   */
  const startUpload = (): UploadProgress | undefined => {
    if (!file || values.type === 'NTV') return undefined;
    setUploadState('uploading');
    setUploadPercent(0);
    return (_loaded, _total, percent) => setUploadPercent(percent);
  };

  /**
   * A save failed: the cross when it failed on the chosen file (`failedOnTheFile`); refused for anything
   * else, the file is as it was before it was sent.
   */
  const failed = (error: unknown) =>
    setUploadState(file && failedOnTheFile(error, storyFileRefusals) ? 'error' : 'idle');

  /** Clear: the empty form, no file, no problems, no upload mark. */
  const clear = () => {
    setValues(emptyStoryForm);
    setFile(undefined);
    setErrors({});
    setUploadState('idle');
    if (fileRef.current) fileRef.current.value = '';
  };

  const fields = {
    values,
    // An edited field's problem goes until the next check.
    onChange: (patch: Partial<StoryFormValues>) => {
      setValues((v) => ({ ...v, ...patch }));
      setErrors((e) => {
        const rest = { ...e };
        for (const key of Object.keys(patch)) delete rest[key as keyof StoryFormErrors];
        return rest;
      });
    },
    fileRef,
    onFile: setFile,
    uploadState,
    uploadPercent,
    onUploadState: setUploadState,
    errors,
    setErrors,
  } satisfies Omit<StoryFieldsProps, 'types'>;

  return {
    values,
    setValues,
    file,
    setUploadState,
    startUpload,
    failed,
    formRef: invalid.ref,
    check,
    clear,
    fields,
  };
}
