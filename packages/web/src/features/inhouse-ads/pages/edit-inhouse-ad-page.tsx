import { EDIT_VERSION_FIELD, isEditConflict } from '@streamdesk/contract/edit-versions';
import { formatCount, formatDateTime } from '@streamdesk/contract/format';
import {
  callToActionSchema,
  inHouseMessages,
  type InHouseAd,
  type InHouseAdType,
  type InHouseFindReply,
} from '@streamdesk/contract/inhouse-ads';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { paths } from '@/config/paths';
import type { FailedReply } from '@/lib/api-client';
import { useOpenedReply } from '@/lib/use-opened-reply';
import { Button } from '@/ui/button';
import { FormActions } from '@/ui/form-actions';
import { ProcessingState } from '@/ui/processing-badge';
import { Stat } from '@/ui/stat';
import { EditConflictAlert } from '@/ui/edit-conflict-alert';
import { TextAreaField, TextField } from '@/ui/field';
import { FullPageLoader } from '@/ui/full-page-loader';
import { ChevronLeftIcon } from '@/ui/icons';
import { ActivityHistoryLink } from '@/ui/activity-history-link';
import { PageHeader } from '@/ui/page-header';
import { useConfirmUpdate } from '@/ui/use-confirm-update';
import { useFormLeaveGuard } from '@/ui/use-form-leave-guard';
import { useReturnTo } from '@/ui/use-return-to-list';
import { useInHouseAd, useRetryInHouseAds, useUpdateInHouseAd } from '../api';
import { AdPreview } from '../components/ad-preview';
import { AdTypeSelect } from '../components/ad-type-select';
import { stayTimeProblem } from '../components/file-checks';
import { ImageFileField } from '../components/image-file-field';
import { useObjectUrl } from '../components/use-object-url';

/** A read that found the ad (a failed one toasts and goes back to the list). */
const isFound = (reply: InHouseFindReply | FailedReply): reply is InHouseFindReply => reply.status;

/**
 * The edit page: loads the ad of the route's id, then the form. The form edits the ad as it was when the
 * page opened and sends that version with the save; a reload of the query in the background does not
 * change the form under the admin's draft. Reload (offered when the save was refused because the ad
 * changed meanwhile, docs/decisions/0009-edit-conflicts.md) fetches the ad again and starts the form afresh.
 */
export default function EditInHouseAdPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const query = useInHouseAd(id);
  const { current, reload } = useOpenedReply(id, query, isFound);
  // The list page the admin came from (its ?page= and search), else the list's first page.
  const listHref = useReturnTo(paths.inHouseAds.getHref());

  // Load failure: the spec's two messages, then back to the list.
  useEffect(() => {
    const failed = query.isError || (query.data && !query.data.status);
    if (!failed) return;
    toast.error(query.isError ? inHouseMessages.loadError : inHouseMessages.loadFailed);
    void navigate(listHref, { replace: true });
  }, [query.isError, query.data, navigate, listHref]);

  // A failed reload (the ad deleted meanwhile) goes back to the list through the effect above.
  if (!current) return <FullPageLoader />;
  return (
    <EditForm
      key={`${id}:${current.reloads}`}
      ad={current.reply.data}
      now={current.now}
      version={current.reply.version}
      onReload={reload}
      listHref={listHref}
    />
  );
}

/**
 * The edit form. The save carries the `version` the ad was loaded at; when another admin changed the ad
 * since, the server refuses it (and removes the files sent with it): the admin's values stay, an alert
 * offers `onReload`, and Update is held until then, as it would be refused again.
 */
function EditForm({
  ad,
  now,
  version,
  onReload,
  listHref,
}: {
  ad: InHouseAd;
  /**
   * The ad as it is now (reloaded while its video is processed): its processing state, and the video to
   * play (the remuxed MP4, then the ladder and poster). The form edits `ad`, as loaded.
   */
  now: InHouseAd;
  version: string;
  onReload: () => Promise<void>;
  listHref: string;
}) {
  const navigate = useNavigate();
  const [conflict, setConflict] = useState<string>();
  const [reloading, setReloading] = useState(false);
  const reload = () => {
    setReloading(true);
    void onReload().finally(() => setReloading(false));
  };
  const update = useUpdateInHouseAd();
  const retry = useRetryInHouseAds();
  const confirmUpdate = useConfirmUpdate({ wrongAnswerMessage: inHouseMessages.captchaWrong });
  const [opened] = useState(() => ({
    mainTitle: ad.mainTitle,
    subTitle: ad.subTitle,
    description: ad.description,
    callToAction: ad.callToAction,
    btnName: ad.btnName,
    webStayTime: String(ad.web_stay_time),
    adType: ad.adType as InHouseAdType,
  }));
  const [values, setValues] = useState(opened);
  const [icon, setIcon] = useState<File | null>(null);
  const [image, setImage] = useState<File | null>(null);
  // A changed field or a picked file asks before the Back button or the menu leaves it.
  const leaveGuard = useFormLeaveGuard('the in-house ad', {
    values,
    opened,
    picked: icon !== null || image !== null,
  });
  const iconUrl = useObjectUrl(icon) ?? ad.icon;
  const imageUrl = useObjectUrl(image);
  const set = (field: keyof typeof values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: e.target.value }));
  const back = () => void navigate(listHref);
  /** To the list without asking: after the update, or Cancel, which says it drops the changes. */
  const done = () => leaveGuard.leave(back);

  const submit = (event: FormEvent) => {
    event.preventDefault();
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
    const form = new FormData();
    form.append('id', ad._id);
    form.append('mainTitle', values.mainTitle.trim());
    form.append('subTitle', values.subTitle.trim());
    form.append('medType', image ? 'image' : ad.medType);
    form.append('description', values.description.trim());
    form.append('callToAction', url.data);
    form.append('btnName', values.btnName.trim());
    form.append('web_stay_time', String(Number(values.webStayTime)));
    form.append('adType', values.adType);
    if (version) form.append(EDIT_VERSION_FIELD, version);
    if (icon) form.append('icon', icon);
    if (image) form.append('image', image);
    // Only the right answer to the arithmetic confirmation sends the update.
    confirmUpdate.ask(`in-house ad "${ad.mainTitle}"`, () =>
      update.mutate(form, {
        onSuccess: done,
        onError: (error) => {
          if (!isEditConflict(error.message)) return;
          setConflict(error.message);
          toast.error(error.message, { action: { label: 'Reload', onClick: reload } });
        },
      }),
    );
  };

  return (
    <div className="space-y-4">
      <div className="flex items-center gap-2">
        <Button variant="ghost" size="sm" onClick={back} aria-label="Back to in-house ads">
          <ChevronLeftIcon className="size-4" /> Back
        </Button>
      </div>
      <PageHeader
        title="Edit In House Ad"
        description={ad.mainTitle}
        actions={<ActivityHistoryLink feature="inhouse-ads" item={ad._id} />}
      />
      {confirmUpdate.dialog}
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Stat label="Created" value={formatDateTime(ad.createdAt).slice(0, 10)} />
        <Stat label="Views" value={formatCount(ad.view)} />
        <Stat label="Clicks" value={formatCount(ad.clickCount)} />
        <Stat label="Stay Time" value={`${formatCount(ad.web_stay_time)} sec`} />
      </dl>

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <form
          onSubmit={submit}
          noValidate
          aria-label="Edit in-house ad"
          className="grid gap-4 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:grid-cols-2"
        >
          <TextField label="Title" value={values.mainTitle} onChange={set('mainTitle')} maxLength={120} />
          <TextField label="Subtitle" value={values.subTitle} onChange={set('subTitle')} maxLength={200} />
          <TextAreaField
            label="Description"
            className="sm:col-span-2"
            rows={3}
            maxLength={2000}
            value={values.description}
            onChange={set('description')}
          />
          <TextField
            label="Call to action URL"
            type="url"
            required
            placeholder="https://example.com"
            value={values.callToAction}
            onChange={set('callToAction')}
          />
          <TextField label="Button name" value={values.btnName} onChange={set('btnName')} maxLength={40} />
          <TextField
            label="Web stay time (seconds)"
            type="number"
            min={1}
            step={1}
            required
            value={values.webStayTime}
            onChange={set('webStayTime')}
          />
          <AdTypeSelect value={values.adType} onChange={(adType) => setValues((v) => ({ ...v, adType }))} />
          <ImageFileField
            label="New icon"
            file={icon}
            onChange={setIcon}
            hint="Optional: keeps the current icon"
          />
          <ImageFileField
            label="New image"
            file={image}
            onChange={setImage}
            hint={`Optional: keeps the current ${ad.medType}`}
          />
          {conflict && (
            <div className="sm:col-span-2">
              <EditConflictAlert
                message={conflict}
                note="Your values stay here until you reload."
                reloadLabel="Reload the ad"
                reloading={reloading}
                onReload={reload}
              />
            </div>
          )}
          <FormActions>
            <Button variant="secondary" onClick={done}>
              Cancel
            </Button>
            {/* A refused save would be refused again: only a reload (a fresh form) can be saved. */}
            <Button
              write="inhouse-ads"
              type="submit"
              loading={update.isPending}
              disabled={conflict !== undefined}
            >
              Update
            </Button>
          </FormActions>
        </form>

        <section aria-label="Ad preview" className="min-w-0 space-y-2">
          <h2 className="text-sm font-semibold text-slate-700">Preview</h2>
          <AdPreview
            title={values.mainTitle}
            subTitle={values.subTitle}
            description={values.description}
            btnName={values.btnName}
            icon={iconUrl}
            media={
              imageUrl
                ? { title: values.mainTitle, url: imageUrl, kind: 'image' }
                : {
                    title: values.mainTitle,
                    url: now.medView,
                    kind: now.medType,
                    hls: now.hls,
                    poster: now.poster || now.thumbnail,
                  }
            }
          />
          {/* The stored video's processing while it is the one shown: 'Processing N%', or 'Failed' with its Retry. */}
          {!image && now.medType === 'video' && (
            <ProcessingState
              item={now}
              write="inhouse-ads"
              name={ad.mainTitle}
              retrying={retry.isPending}
              onRetry={() => retry.mutate([ad._id])}
            />
          )}
        </section>
      </div>
    </div>
  );
}
