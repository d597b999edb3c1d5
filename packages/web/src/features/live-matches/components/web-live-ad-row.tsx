import { useState } from 'react';
import { EDIT_VERSION_FIELD } from '@streamdesk/contract/edit-versions';
import { formatDateTime, formatViewCount } from '@streamdesk/contract/format';
import {
  FIRE_ONLY_ADS,
  isLiveMatchUrl,
  MAIN_WEB_AD,
  webLiveAdMessages,
  type WebLiveAd,
} from '@streamdesk/contract/live-matches';
import { stripSpaces } from '@streamdesk/contract/http';
import { toast } from 'sonner';
import { Button } from '@/ui/button';
import { ActivityHistoryLink } from '@/ui/activity-history-link';
import { stickyEndCell, Td, Tr } from '@/ui/data-table';
import { strippedHint } from '@/ui/stripped-hint';
import { useConfirmUpdate } from '@/ui/use-confirm-update';
import { UnsavedWorkGuard } from '@/ui/unsaved-work-guard';
import { changedFrom } from '@/ui/use-form-leave-guard';
import { editButtonOf } from '@/ui/inline-edit-keys';
import { useEditWebLiveAd } from '../api';
import { RowDeleteButton } from './row-delete-button';
import { StoredUrlLink } from './stored-url-link';
import { actionButtonsClass, failureEndsEditMode, InlineEditRow, InlineInput } from './inline-edit';

export const webLiveAdColumns = ['Name', 'URL', 'Views', 'Clicks', 'Date', 'Actions'] as const;

export function WebLiveAdRow({
  ad,
  onEdit,
  onDelete,
  onFire,
  firing,
  deleting = false,
}: {
  ad: WebLiveAd;
  onEdit: () => void;
  onDelete: () => void;
  onFire: () => void;
  firing: boolean;
  /** Its delete is in flight: Delete is held until the reply. */
  deleting?: boolean;
}) {
  const fireOnly = FIRE_ONLY_ADS.includes(ad.a_name);
  return (
    <Tr>
      <Td className="max-w-56 truncate font-medium text-slate-900" title={ad.a_name}>
        {ad.a_name}
      </Td>
      <Td className="max-w-72 truncate" title={fireOnly ? undefined : ad.a_url}>
        {fireOnly ? <span className="text-slate-500">Fire only</span> : <StoredUrlLink url={ad.a_url} />}
      </Td>
      <Td className="tabular-nums">{formatViewCount(ad.a_view)}</Td>
      <Td className="tabular-nums">{formatViewCount(ad.a_click)}</Td>
      <Td className="tabular-nums">{formatDateTime(ad.createdAt)}</Td>
      <Td className={stickyEndCell}>
        <div className={actionButtonsClass}>
          <Button
            write="live-matches"
            size="sm"
            onClick={onFire}
            loading={firing}
            aria-label={`Fire ${ad.a_name}`}
          >
            Fire
          </Button>
          {!fireOnly && (
            <Button
              write="live-matches"
              size="sm"
              variant="secondary"
              onClick={onEdit}
              aria-label={`Edit ${ad.a_name}`}
              {...editButtonOf(ad._id)}
            >
              Edit
            </Button>
          )}
          <ActivityHistoryLink feature="live-matches" item={ad._id} name={ad.a_name} />
          {!fireOnly && ad.a_name !== MAIN_WEB_AD && (
            <RowDeleteButton name={ad.a_name} deleting={deleting} onDelete={onDelete} />
          )}
        </div>
      </Td>
    </Tr>
  );
}

/**
 * Edit mode of a row; WEB_URL_1 keeps its name (only its URL changes). The save carries the version the
 * row had when Edit was pressed (a reload of the list meanwhile, after a Fire say, does not change it);
 * refused because another admin changed the ad since, the row leaves edit mode and the list reloads
 * (useEditWebLiveAd), the refusal toasted.
 */
export function WebLiveAdEditRow({ ad, onDone }: { ad: WebLiveAd; onDone: () => void }) {
  const edit = useEditWebLiveAd();
  // What the row opened with (a reload of the list meanwhile, after a Fire say, does not change it).
  const [opened] = useState({ name: ad.a_name, url: ad.a_url });
  const [name, setName] = useState(opened.name);
  const [url, setUrl] = useState(opened.url);
  const [version] = useState<string | undefined>(ad.version);
  const isMain = ad.a_name === MAIN_WEB_AD;
  const confirmUpdate = useConfirmUpdate();

  /** Checks the fields, then asks the arithmetic confirmation; only the right answer sends. */
  const save = () => {
    const body = { _id: ad._id, a_name: stripSpaces(name), a_url: stripSpaces(url) };
    if (!body.a_name || !body.a_url) return void toast.error(webLiveAdMessages.fillAll);
    if (!isLiveMatchUrl(body.a_url)) return void toast.error(webLiveAdMessages.urlInvalid);
    confirmUpdate.ask(`Ad "${ad.a_name}"`, () => {
      const sent = version ? { ...body, [EDIT_VERSION_FIELD]: version } : body;
      edit.mutate(sent, { onSuccess: onDone, onError: (error) => failureEndsEditMode(error) && onDone() });
    });
  };

  return (
    <InlineEditRow
      label={`Editing ${ad.a_name}`}
      colSpan={webLiveAdColumns.length}
      saving={edit.isPending}
      onSave={save}
      onCancel={onDone}
      className="md:grid-cols-[minmax(0,14rem)_1fr_auto] md:items-end"
    >
      <InlineInput
        label="Edit name"
        value={name}
        disabled={isMain}
        maxLength={64}
        hint={strippedHint(name)}
        onChange={(e) => setName(e.target.value)}
      />
      <InlineInput
        label="Edit URL"
        type="url"
        value={url}
        hint={strippedHint(url)}
        onChange={(e) => setUrl(e.target.value)}
      />
      {confirmUpdate.dialog}
      {/* Saved or cancelled, the row leaves edit mode and its guard with it. */}
      <UnsavedWorkGuard unsaved={changedFrom({ name, url }, opened)} what="the website ad being edited" />
    </InlineEditRow>
  );
}
