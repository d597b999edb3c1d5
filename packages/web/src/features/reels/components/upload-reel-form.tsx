import { mediaLimits } from '@streamdesk/contract/media';
import { reelMessages, reelRoutes } from '@streamdesk/contract/reels';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/ui/button';
import { FormActions } from '@/ui/form-actions';
import { FileField } from '@/ui/field';
import { toastSuccess } from '@/ui/toast-success';
import { useLeaveGuard } from '@/ui/leave-guard';
import { fileRefusals } from '@/lib/file-refusal';
import { uploadFailureMessage } from '@/lib/upload';
import { REFUSED_PICK_LABELS, UploadIndicator } from '@/ui/upload-indicator';
import { useCheckedFile } from '@/ui/use-checked-file';
import { useUploadReel } from '../api';

/** The reel video rule checked before sending (the server checks the bytes again). */
export function reelFileProblem(file: File): string | undefined {
  if (file.type !== 'video/mp4' && !/\.mp4$/i.test(file.name)) return reelMessages.videoType;
  if (file.size > mediaLimits.video) return reelMessages.videoSize;
  return undefined;
}

const videoRefusals = fileRefusals(reelRoutes.add);

export function UploadReelForm() {
  const upload = useUploadReel();
  const { file, state, setState, problem, inputRef, pick, clear, sending, failed } = useCheckedFile(
    reelFileProblem,
    'idle',
  );
  const [percent, setPercent] = useState<number | undefined>();
  // A picked video not uploaded yet (or on its way) is not dropped without a word.
  useLeaveGuard(file !== null, 'the new reel');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!file) {
      toast.error(reelMessages.selectVideo);
      setState('error');
      return;
    }
    sending();
    setPercent(0);
    try {
      const result = await upload.mutateAsync({ file, onProgress: (_l, _t, p) => setPercent(p) });
      toastSuccess(result.message);
      clear('success');
    } catch (error) {
      // A refusal in a 2xx reply (an ApiCallError) says its message, as an HTTP refusal says its reason.
      toast.error(
        uploadFailureMessage(error, error instanceof Error ? error.message : 'Something went wrong!'),
      );
      failed(error, videoRefusals);
    }
  };

  return (
    <form
      onSubmit={submit}
      aria-label="Upload reel"
      className="flex flex-col gap-3 rounded-lg sm:flex-row sm:flex-wrap sm:items-end bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <FileField
        label="Reel video"
        className="min-w-0 flex-1"
        ref={inputRef}
        accept="video/mp4"
        onChange={pick}
        hint="MP4, at most 30 MB."
        adornment={
          <UploadIndicator
            state={state}
            percent={state === 'uploading' ? percent : undefined}
            labels={problem ? REFUSED_PICK_LABELS : undefined}
          />
        }
      />
      <FormActions>
        <Button write="reels" type="submit" loading={upload.isPending}>
          Upload
        </Button>
      </FormActions>
    </form>
  );
}
