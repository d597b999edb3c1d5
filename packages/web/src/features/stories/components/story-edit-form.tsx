import { isEditConflict } from '@streamdesk/contract/edit-versions';
import { storyMessages, storyTypeOf, type Story, type StoryType } from '@streamdesk/contract/stories';
import { formatViewCount } from '@streamdesk/contract/format';
import { Tabs as RadixTabs } from 'radix-ui';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/ui/button';
import { FormActions } from '@/ui/form-actions';
import { EditConflictAlert } from '@/ui/edit-conflict-alert';
import { Stat } from '@/ui/stat';
import { toastSuccess } from '@/ui/toast-success';
import { useFormLeaveGuard } from '@/ui/use-form-leave-guard';
import { Toggle } from '@/ui/toggle';
import { useConfirmUpdate } from '@/ui/use-confirm-update';
import { useRetryStories, useSaveStory, type StoryKind } from '../api';
import { StoryFields } from './story-fields';
import { formOf, toInsertData, type StoryFormValues } from './story-form';
import { useRedirectAfterSave } from './use-redirect-after-save';
import { useStoryForm } from './use-story-form';
import { RemoteImage } from '@/ui/remote-image';
import { VideoPlayer } from '@/ui/video-player';
import { ProcessingState } from '@/ui/processing-badge';
import { failureMessage } from '@/lib/api-client';

const editTypes = {
  video: [
    { value: 'Video', label: 'Video' },
    { value: 'Image', label: 'Image' },
  ],
  ads: [
    { value: 'Video', label: 'Video' },
    { value: 'Image', label: 'Image' },
    { value: 'NTV', label: 'Native' },
  ],
} as const satisfies Record<StoryKind, readonly { value: StoryType; label: string }[]>;

/** A chosen file's local preview URL, released when it changes. */
function usePreviewUrl(file: File | undefined) {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!file) return setUrl(undefined);
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

/**
 * The edit form of /update/story/video/:id and /update/story/ads/:id. The save carries the `version`
 * the story was loaded at; when another admin changed the story since, the server refuses it and the
 * form says so and offers `onReload` (the story afresh, the form started again from it).
 */
export function StoryEditForm({
  kind,
  story,
  now,
  version,
  onReload,
  backTo,
}: {
  kind: StoryKind;
  story: Story;
  /**
   * The story as it is now (reloaded while its video is processed): its processing state, and the MP4
   * to play, which a remux replaces (the old file is removed). The form edits `story`, as loaded.
   */
  now: Story;
  version: string;
  onReload: () => Promise<void>;
  backTo: string;
}) {
  const [opened] = useState(() => formOf(story));
  const form = useStoryForm(opened);
  const { values, setValues, file, setUploadState, startUpload } = form;
  // Saved: the page leaves a second later; Save stays held until then so it cannot be sent again.
  const [saved, setSaved] = useState(false);
  // Leaving with changes not saved asks first; after a save the redirect goes without a word.
  const leaveGuard = useFormLeaveGuard(kind === 'video' ? 'the story' : 'the story ad', {
    values,
    opened,
    picked: file !== undefined,
    saved,
  });
  // The refusal of a save because the story changed since it was loaded: the draft is of an old story.
  const [conflict, setConflict] = useState<string>();
  const [reloading, setReloading] = useState(false);
  const reload = () => {
    setReloading(true);
    void onReload().finally(() => setReloading(false));
  };
  const save = useSaveStory();
  const confirmUpdate = useConfirmUpdate();
  const navigate = useNavigate();
  const redirect = useRedirectAfterSave();
  const localUrl = usePreviewUrl(file);
  const originalType = storyTypeOf(story);
  const sameType = values.type === originalType;

  const media =
    values.type === 'NTV'
      ? undefined
      : {
          url: localUrl ?? (sameType ? now.video || now.image : undefined),
          isVideo: values.type === 'Video',
          // The stored video's ladder and poster once ready; a file just picked plays as it is.
          hls: !localUrl && sameType ? now.hls : '',
          poster: !localUrl && sameType ? now.poster : '',
        };
  const thumb = sameType && !file ? story.thembnal : undefined;
  const retry = useRetryStories(kind);
  // The stored video's processing, while it is the one shown (no new file chosen): 'Processing N%',
  // 'Failed' with its Retry; nothing once ready (0059).
  const processing =
    sameType && !file && values.type === 'Video' ? (
      <ProcessingState
        item={now}
        write="stories"
        name={kind === 'video' ? 'story' : 'story ad'}
        retrying={retry.isPending}
        onRetry={() => retry.mutate([story._id])}
      />
    ) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // A field problem shows at once, without the confirmation (0013-screens.md).
    if (!form.check(sameType, kind === 'ads' ? 'Button Text' : undefined)) return;
    // Only the right answer to the arithmetic confirmation sends the update (doc 1 section 5).
    confirmUpdate.ask(kind === 'video' ? 'Story' : 'Story Ad', send);
  };

  const send = () => {
    const upload = values.type === 'Video' ? { video: file } : values.type === 'Image' ? { image: file } : {};
    const onProgress = startUpload();
    save.mutate(
      { id: story._id, version, insertData: toInsertData(values, kind === 'ads'), ...upload, onProgress },
      {
        onError: (error) => {
          form.failed(error);
          const message = failureMessage(
            error,
            kind === 'video' ? storyMessages.updateFailed : storyMessages.updateStoryFailed,
          );
          if (isEditConflict(message)) {
            setConflict(message);
            toast.error(message, { action: { label: 'Reload', onClick: reload } });
          } else toast.error(message);
        },
        onSuccess: (result) => {
          if (file) setUploadState('success');
          toastSuccess(result.message || storyMessages.updated);
          setSaved(true);
          redirect(backTo);
        },
      },
    );
  };

  return (
    <>
      {confirmUpdate.dialog}
      <form
        ref={form.formRef}
        onSubmit={submit}
        noValidate
        aria-label={kind === 'video' ? 'Edit story' : 'Edit story ad'}
        className="grid items-start gap-5 lg:grid-cols-[1fr_320px]"
      >
        <div className="space-y-4 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
          <Toggle
            write="stories"
            label="Status"
            showLabel
            checked={values.status}
            onCheckedChange={(status) => setValues((v) => ({ ...v, status }))}
          />
          {/* Counts are shown, not edited: text, as the in-house edit page has them (issue 36). */}
          <dl className="grid grid-cols-2 gap-3">
            <Stat label="View Count" value={formatViewCount(story.view)} />
            <Stat label="Click Count" value={formatViewCount(story.clickBtnCount)} />
          </dl>
          <StoryFields
            {...form.fields}
            types={editTypes[kind]}
            {...(sameType && values.type !== 'NTV'
              ? {
                  replaceLabel:
                    values.type === 'Video' ? 'Replace video (MP4)' : 'Replace image (PNG, JPG, JPEG)',
                }
              : {})}
            {...(kind === 'ads' ? { buttonNameLabel: 'Button Text' } : {})}
          />
          {conflict && (
            <EditConflictAlert
              message={conflict}
              reloadLabel="Reload the story"
              reloading={reloading}
              onReload={reload}
            />
          )}
          <FormActions>
            {/* Cancel returns to the list (doc 1 section 2) and drops the changes: it is the way out that does not ask. */}
            <Button variant="secondary" onClick={() => leaveGuard.leave(() => void navigate(backTo))}>
              Cancel
            </Button>
            {/* A refused save would be refused again: only a reload (a fresh form) can be saved. */}
            <Button
              write="stories"
              type="submit"
              disabled={conflict !== undefined}
              loading={save.isPending || saved}
            >
              {kind === 'video' ? 'Save' : 'Update'}
            </Button>
          </FormActions>
        </div>
        <StoryPreview kind={kind} values={values} media={media} thumb={thumb} processing={processing} />
      </form>
    </>
  );
}

interface PreviewedMedia {
  url?: string | undefined;
  isVideo: boolean;
  hls: string;
  poster: string;
}

function MediaView({ media, label }: { media: PreviewedMedia; label: string }) {
  if (!media.url)
    return (
      <p className="flex h-full items-center justify-center p-4 text-center text-xs text-slate-300">
        Choose a file to see it here
      </p>
    );
  return media.isVideo ? (
    <VideoPlayer
      video={media.url}
      hls={media.hls}
      poster={media.poster}
      controls
      muted
      playsInline
      aria-label={label}
      className="h-full w-full object-contain"
    />
  ) : (
    <RemoteImage src={media.url} alt={label} className="h-full w-full object-contain" />
  );
}

function StoryPreview({
  kind,
  values,
  media,
  thumb,
  processing,
}: {
  kind: StoryKind;
  values: StoryFormValues;
  media: PreviewedMedia | undefined;
  thumb: string | undefined;
  processing: ReactNode;
}) {
  const frame = 'mx-auto aspect-[9/16] w-full max-w-[240px] overflow-hidden rounded-xl bg-slate-900';
  const thumbnail = thumb ? (
    <RemoteImage
      src={thumb}
      alt="Thumbnail preview"
      className="mx-auto h-40 rounded object-cover ring-1 ring-slate-200"
      placeholderClassName="aspect-[9/16]"
    />
  ) : (
    <p className="text-center text-xs text-slate-500">
      {values.type === 'NTV' ? 'Native ads have no thumbnail.' : 'A new thumbnail is made on save.'}
    </p>
  );
  const native = (
    <div className="flex h-full flex-col items-center justify-center gap-2 p-4 text-center text-sm text-amber-200">
      <span className="rounded bg-amber-400 px-2 py-0.5 text-xs font-semibold text-amber-950">Native</span>
      <span className="break-all text-white">{values.ntvId || 'Native Ad ID'}</span>
    </div>
  );
  const whole = (
    <div className={`${frame} relative`}>
      {media ? <MediaView media={media} label="Current media" /> : native}
      {/* Over a video the button sits above the player's controls (about 70 px in Chromium). */}
      {media && values.btnName && (
        <span
          className={`absolute inset-x-4 ${media.isVideo ? 'bottom-20' : 'bottom-4'} truncate rounded-full bg-white/95 px-3 py-1.5 text-center text-xs font-semibold text-slate-900`}
        >
          {values.btnName}
        </span>
      )}
    </div>
  );

  if (kind === 'video') {
    return (
      <aside
        aria-label="Preview"
        className="space-y-4 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
      >
        <h2 className="text-sm font-semibold text-slate-900">Thumbnail</h2>
        {thumbnail}
        <h2 className="text-sm font-semibold text-slate-900">Current media</h2>
        {processing}
        {whole}
      </aside>
    );
  }
  const tab =
    'h-8 flex-1 rounded-md px-1 text-xs whitespace-nowrap font-medium text-slate-500 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm';
  return (
    <aside aria-label="Preview" className="space-y-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
      {processing}
      <RadixTabs.Root defaultValue="all" className="space-y-3">
        <RadixTabs.List aria-label="Preview" className="flex rounded-lg bg-slate-100 p-1">
          <RadixTabs.Trigger value="all" className={tab}>
            All
          </RadixTabs.Trigger>
          <RadixTabs.Trigger value="icon" className={tab}>
            Icon
          </RadixTabs.Trigger>
          <RadixTabs.Trigger value="media" className={tab}>
            Image or Video
          </RadixTabs.Trigger>
        </RadixTabs.List>
        <RadixTabs.Content value="all" className="space-y-3">
          {thumbnail}
          {whole}
        </RadixTabs.Content>
        <RadixTabs.Content value="icon">{thumbnail}</RadixTabs.Content>
        <RadixTabs.Content value="media">
          <div className={frame}>{media ? <MediaView media={media} label="Media preview" /> : native}</div>
        </RadixTabs.Content>
      </RadixTabs.Root>
    </aside>
  );
}
