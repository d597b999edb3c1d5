import { storyMessages, type StoryType } from '@streamdesk/contract/stories';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { paths } from '@/config/paths';
import { Button } from '@/ui/button';
import { FormActions } from '@/ui/form-actions';
import { toastSuccess } from '@/ui/toast-success';
import { useFormLeaveGuard } from '@/ui/use-form-leave-guard';
import { useSaveStory, type StoryKind } from '../api';
import { StoryFields } from './story-fields';
import { emptyStoryForm, toInsertData } from './story-form';
import { useRedirectAfterSave } from './use-redirect-after-save';
import { useStoryForm } from './use-story-form';
import { failureMessage } from '@/lib/api-client';

const videoTypes = [
  { value: 'Video', label: 'Video' },
  { value: 'Image', label: 'Image' },
] as const satisfies readonly { value: StoryType; label: string }[];
const adTypes = [...videoTypes, { value: 'NTV', label: 'NTV (Native Ads)' }] as const;

/**
 * The add form of the Story and Story Ads screens. After a successful add the toast shows and, a
 * second later, the screen opens afresh (docs/decisions/0013-screens.md):
 * the page keys this form and the list by that redirect (useOpenedAfreshKey), so both start over.
 */
export function StoryAddForm({ kind }: { kind: StoryKind }) {
  const form = useStoryForm(emptyStoryForm);
  const { values, file, setUploadState, startUpload } = form;
  const [added, setAdded] = useState(false);
  const save = useSaveStory();
  const redirect = useRedirectAfterSave();
  // Added, the form keeps what it sent until the page opens afresh: nothing is left to lose.
  useFormLeaveGuard(kind === 'video' ? 'the new story' : 'the new story ad', {
    values,
    opened: emptyStoryForm,
    picked: file !== undefined,
    saved: added,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.check(false)) return;
    const media = values.type === 'Video' ? { video: file } : values.type === 'Image' ? { image: file } : {};
    const onProgress = startUpload();
    save.mutate(
      { insertData: toInsertData(values, kind === 'ads'), ...media, onProgress },
      {
        onSuccess: (result) => {
          toastSuccess(result.message);
          setUploadState(values.type === 'NTV' ? 'idle' : 'success');
          // The form keeps what was sent, locked, until the page opens afresh.
          setAdded(true);
          redirect(kind === 'video' ? paths.storyVideos.getHref() : paths.storyAds.getHref(), {
            replace: true,
            afresh: true,
          });
        },
        onError: (error) => {
          form.failed(error);
          toast.error(failureMessage(error, storyMessages.submitFailed));
        },
      },
    );
  };

  const title = kind === 'video' ? 'Add Story' : 'Add Story Ad';
  return (
    <form
      ref={form.formRef}
      onSubmit={submit}
      noValidate
      aria-label={title}
      className="space-y-4 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
    >
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      <StoryFields {...form.fields} types={kind === 'video' ? videoTypes : adTypes} />
      <FormActions>
        <Button variant="secondary" disabled={added} onClick={form.clear}>
          Clear
        </Button>
        <Button write="stories" type="submit" loading={save.isPending || added}>
          Upload
        </Button>
      </FormActions>
    </form>
  );
}
