import {
  isSafeShortcutUrl,
  SHORTCUT_DEFAULT_LABEL,
  shortcutImageRule,
  shortcutMessages,
  shortcutRoutes,
} from '@streamdesk/contract/shortcut-stories';
import { withScheme } from '@streamdesk/contract/http';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { toast } from 'sonner';
import { failureMessage } from '@/lib/api-client';
import { fileRefusals } from '@/lib/file-refusal';
import { Button } from '@/ui/button';
import { FormActions } from '@/ui/form-actions';
import { FileField, TextField } from '@/ui/field';
import { schemeHint } from '@/ui/stripped-hint';
import { toastSuccess } from '@/ui/toast-success';
import { useFormLeaveGuard } from '@/ui/use-form-leave-guard';
import { UPLOAD_LABELS, UploadIndicator } from '@/ui/upload-indicator';
import { useCheckedFile } from '@/ui/use-checked-file';
import { useAddShortcut } from '../api';
import { shortcutImageProblem } from './image-check';
import { pickedImageLabels } from './image-indicator-labels';

const empty = { title: '', url: '', label: SHORTCUT_DEFAULT_LABEL };
const imageRefusals = fileRefusals(shortcutRoutes.add);

/**
 * Where the image stands, for what the indicator says: picked (only checked here) or sent with the form.
 * `refused`: why Upload found no image to send, or why the server refused the image.
 */
type ImageStage = { sent: boolean; refused?: string };

/**
 * Add form: read-only No (the next number), Title, Url, Label and the gif/png image. `onAdded` is told once
 * the shortcut is added and the list has reloaded.
 */
export function AddShortcutForm({ nextSNo, onAdded }: { nextSNo: number; onAdded?: () => void }) {
  const add = useAddShortcut();
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<{ title?: string; url?: string }>({});
  const image = useCheckedFile(shortcutImageProblem, 'success', shortcutImageRule);
  const [stage, setStage] = useState<ImageStage>({ sent: false });
  useFormLeaveGuard('the new shortcut story', {
    values,
    opened: empty,
    picked: image.file !== null,
  });
  const pickLabels = pickedImageLabels('Upload');
  const labels = stage.sent
    ? UPLOAD_LABELS
    : stage.refused
      ? { ...pickLabels, failed: 'File missing' }
      : pickLabels;
  // Said in words too: a tick alone beside a file reads as 'uploaded'.
  const waiting =
    image.file && !stage.sent ? ` ${image.file.name} is checked and is sent when you press Upload.` : '';
  const pick = (e: ChangeEvent<HTMLInputElement>) => {
    setStage({ sent: false });
    image.pick(e);
  };

  const set = (name: keyof typeof empty) => (e: ChangeEvent<HTMLInputElement>) =>
    setValues((v) => ({ ...v, [name]: e.target.value }));

  /**
   * Empties the form; the picker shows `indicator`: the spec's tick after an upload (named for the upload
   * it was, 'Upload complete'), nothing after Clear.
   */
  const reset = (indicator: 'success' | 'idle') => {
    setValues(empty);
    setErrors({});
    image.clear(indicator);
    if (indicator === 'idle') setStage({ sent: false });
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found: { title?: string; url?: string } = {
      ...(values.title.trim() ? {} : { title: shortcutMessages.titleRequired }),
      ...(!values.url.trim()
        ? { url: shortcutMessages.urlRequired }
        : isSafeShortcutUrl(values.url)
          ? {}
          : { url: shortcutMessages.urlScheme }),
    };
    setErrors(found);
    if (found.title || found.url) return;
    if (!image.file) {
      toast.error(shortcutMessages.selectImage);
      setStage({ sent: false, refused: shortcutMessages.selectImage });
      image.setState('error');
      return;
    }
    const form = new FormData();
    form.append('s_no', String(nextSNo));
    form.append('name', values.title.trim());
    form.append('url', withScheme(values.url.trim()));
    form.append('label', values.label.trim() || SHORTCUT_DEFAULT_LABEL);
    form.append('image', image.file);
    setStage({ sent: true });
    image.sending();
    // Awaited rather than `mutate`'s own callbacks, which are dropped when the form remounts: the list
    // gains its pager as the add reloads it, and `onAdded` must still show the new shortcut's page.
    try {
      const result = await add.mutateAsync(form);
      toastSuccess(result.message);
      reset('success');
      onAdded?.();
    } catch (error) {
      // The mutation toasted why. Refused for another reason, the image is as it was: picked and checked.
      if (image.failed(error, imageRefusals)) setStage({ sent: true, refused: failureMessage(error, '') });
      else setStage({ sent: false });
    }
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Add shortcut story"
      className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[6rem_1fr_1fr_8rem]">
        <TextField
          label="No"
          value={nextSNo}
          readOnly
          aria-readonly="true"
          className="[&_input]:bg-slate-50"
        />
        <TextField
          label="Title"
          value={values.title}
          onChange={set('title')}
          error={errors.title}
          maxLength={200}
          required
        />
        <TextField
          label="Url"
          type="url"
          value={values.url}
          onChange={set('url')}
          error={errors.url}
          hint={schemeHint(values.url)}
          placeholder="https://"
          required
        />
        <TextField label="Label" value={values.label} onChange={set('label')} maxLength={40} />
      </div>
      <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
        <FileField
          label="Image"
          className="min-w-0 flex-1"
          ref={image.inputRef}
          accept="image/png,image/gif"
          onChange={pick}
          hint={`GIF or PNG, at most 1 MB.${waiting}`}
          error={stage.refused ?? image.problem}
          adornment={<UploadIndicator state={image.state} labels={labels} />}
        />
        <FormActions>
          <Button variant="secondary" onClick={() => reset('idle')}>
            Clear
          </Button>
          <Button write="shortcut-stories" type="submit" loading={add.isPending}>
            Upload
          </Button>
        </FormActions>
      </div>
    </form>
  );
}
