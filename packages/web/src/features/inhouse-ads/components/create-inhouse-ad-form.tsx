import {
  callToActionSchema,
  DEFAULT_BUTTON_NAME,
  inHouseMessages,
  type InHouseAdType,
} from '@streamdesk/contract/inhouse-ads';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/ui/button';
import { FormActions } from '@/ui/form-actions';
import { TextField } from '@/ui/field';
import { UnsavedWorkGuard } from '@/ui/unsaved-work-guard';
import { changedFrom } from '@/ui/use-form-leave-guard';
import { useCreateInHouseAd } from '../api';
import { AdTypeSelect } from './ad-type-select';
import { autoTitle, stayTimeProblem } from './file-checks';
import { ImageFileField } from './image-file-field';

const empty = { callToAction: '', webStayTime: '1', adType: 'fs_web' as InHouseAdType };

/**
 * The 'Create New Ad' form: icon and image, the target URL and the stay time. Titles are set to
 * 'Ad-{list length + 1}' and the button to 'Install' (doc 2 section 5).
 */
export function CreateInHouseAdForm({ listLength, onDone }: { listLength: number; onDone: () => void }) {
  const [values, setValues] = useState(empty);
  const [icon, setIcon] = useState<File | null>(null);
  const [image, setImage] = useState<File | null>(null);
  const [resetKey, setResetKey] = useState(0);
  const create = useCreateInHouseAd();
  const filesReady = icon !== null && image !== null;
  // Uploaded, the form empties and closes: nothing is left to lose.
  const unsaved = icon !== null || image !== null || changedFrom(values, empty);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!filesReady) {
      toast.error(inHouseMessages.selectFiles);
      return;
    }
    const stayProblem = stayTimeProblem(values.webStayTime);
    if (stayProblem) {
      toast.error(stayProblem);
      return;
    }
    const url = callToActionSchema.safeParse(values.callToAction);
    if (!url.success) {
      toast.error(url.error.issues[0]?.message ?? inHouseMessages.callToActionUrl);
      return;
    }
    const title = autoTitle(listLength);
    const form = new FormData();
    form.append('mainTitle', title);
    form.append('subTitle', title);
    form.append('medType', 'image');
    form.append('description', title);
    form.append('callToAction', url.data);
    form.append('btnName', DEFAULT_BUTTON_NAME);
    form.append('web_stay_time', String(Number(values.webStayTime)));
    form.append('adType', values.adType);
    form.append('icon', icon);
    form.append('image', image);
    create.mutate(form, {
      onSuccess: () => {
        setValues(empty);
        setIcon(null);
        setImage(null);
        setResetKey((k) => k + 1);
        onDone();
      },
    });
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Create New Ad"
      className="grid gap-4 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:grid-cols-2 lg:grid-cols-3"
    >
      <UnsavedWorkGuard unsaved={unsaved} what="the new in-house ad" />
      <AdTypeSelect value={values.adType} onChange={(adType) => setValues((v) => ({ ...v, adType }))} />
      <TextField
        label="Call to action URL"
        type="url"
        required
        placeholder="https://example.com"
        value={values.callToAction}
        onChange={(e) => setValues((v) => ({ ...v, callToAction: e.target.value }))}
      />
      <TextField
        label="Web stay time (seconds)"
        type="number"
        min={1}
        step={1}
        required
        value={values.webStayTime}
        onChange={(e) => setValues((v) => ({ ...v, webStayTime: e.target.value }))}
      />
      <ImageFileField
        label="Icon"
        file={icon}
        onChange={setIcon}
        hint="PNG, JPG or GIF, up to 1 MB"
        resetKey={resetKey}
      />
      <ImageFileField
        label="Image"
        file={image}
        onChange={setImage}
        hint="PNG, JPG or GIF, up to 1 MB"
        resetKey={resetKey}
      />
      <FormActions>
        {!filesReady && <p className="text-xs text-slate-500">{inHouseMessages.selectFiles}</p>}
        <Button write="inhouse-ads" type="submit" disabled={!filesReady} loading={create.isPending}>
          Upload
        </Button>
      </FormActions>
      <p className="text-xs text-slate-500 sm:col-span-2 lg:col-span-3">
        Title, subtitle and description will be {autoTitle(listLength)}; the button reads{' '}
        {DEFAULT_BUTTON_NAME}.
      </p>
    </form>
  );
}
