import {
  adMessages,
  PROTECTED_WEB_AD,
  savedAdId,
  webAdDashboardPath,
  type AdKind,
  type AdPlatform,
} from '@streamdesk/contract/ad-units';
import type { RangeChoice } from '@streamdesk/contract/analytics';
import { EDIT_VERSION_FIELD } from '@streamdesk/contract/edit-versions';
import { formatCount } from '@streamdesk/contract/format';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ActivityHistoryLink } from '@/ui/activity-history-link';
import { Button } from '@/ui/button';
import { stickyEndCell, Td, Tr } from '@/ui/data-table';
import { inputClass, WithHint } from '@/ui/field';
import { savedAsHint } from '@/ui/stripped-hint';
import { useConfirmUpdate } from '@/ui/use-confirm-update';
import { UnsavedWorkGuard } from '@/ui/unsaved-work-guard';
import { changedFrom } from '@/ui/use-form-leave-guard';
import { editButtonOf, inlineEditKeys, useFocusFirstField } from '@/ui/inline-edit-keys';
import { useUpdateAd, type AdRow as Ad } from '../api';
import { useSaveWithWarning } from './format-warning';

export interface AdRowProps {
  platform: AdPlatform;
  kind: AdKind;
  ad: Ad;
  number: number;
  /** Web rows: the clicks gained since the last visit (Apple), the range counted and clear. */
  gain?: number;
  range?: RangeChoice;
  onClear?: (ad: Ad) => void;
  onDelete?: (ad: Ad) => void;
  /** Whether this row is the one in edit: the screen holds one at a time (issue 36). */
  editing: boolean;
  onEditing: (editing: boolean) => void;
}

/**
 * One ad with inline edit: only the id and the description can change (doc 2 section 4). The save carries
 * the version the row had when Edit was pressed (a reload of the list meanwhile does not change it);
 * refused because another admin changed the ad since (docs/decisions/0009-edit-conflicts.md), the refusal is
 * toasted, the row leaves edit mode and the list reloads (every ad save reloads it), so the admin sees
 * the other change before editing again.
 */
export function AdRow({
  platform,
  kind,
  ad,
  number,
  gain = 0,
  range,
  onClear,
  onDelete,
  editing,
  onEditing: setEditing,
}: AdRowProps) {
  // The row's values when Edit was pressed, and the draft made of them.
  const [opened, setOpened] = useState({ a_id: ad.a_id, a_description: ad.a_description });
  const [draft, setDraft] = useState(opened);
  const [version, setVersion] = useState<string | undefined>(ad.version);
  const update = useUpdateAd(platform, kind);
  const { save, dialog } = useSaveWithWarning();
  const confirmUpdate = useConfirmUpdate({ wrongAnswerMessage: adMessages.captchaWrong });
  const navigate = useNavigate();
  const idLabel = kind === 'web' ? 'Ad URL' : 'Ad ID';

  const startEdit = () => {
    const values = { a_id: ad.a_id, a_description: ad.a_description };
    setOpened(values);
    setDraft(values);
    setVersion(ad.version);
    setEditing(true);
  };

  const submit = () => {
    if (draft.a_id.trim() === '' || draft.a_description.trim() === '') {
      toast.error(adMessages.fillAll);
      return;
    }
    const body = {
      a_id: savedAdId(kind, draft.a_id),
      a_description: draft.a_description.trim(),
      ...(version ? { [EDIT_VERSION_FIELD]: version } : {}),
    };
    // Only the right answer to the arithmetic confirmation sends (doc 1 section 5). Save then leaves
    // editing whether or not it succeeded; choosing to fix a doubtful id keeps it open.
    confirmUpdate.ask(`the ad ${ad.a_name}`, () => {
      void save(
        (force) => update.mutateAsync({ id: ad._id, body: force ? { ...body, force } : body }),
        (outcome) => {
          if (outcome) setEditing(false);
        },
      );
    });
  };

  const row = useFocusFirstField<HTMLTableRowElement>(editing);
  return (
    <Tr ref={row} onKeyDown={editing ? inlineEditKeys(submit, () => setEditing(false)) : undefined}>
      <Td className="text-slate-500 tabular-nums">{number}</Td>
      <Td className="max-w-56 truncate font-medium text-slate-900" title={ad.a_name}>
        {ad.a_name}
      </Td>
      <EditableCell
        editing={editing}
        label={idLabel}
        value={ad.a_id}
        draft={draft.a_id}
        onDraft={(a_id) => setDraft((d) => ({ ...d, a_id }))}
        hint={savedAsHint(draft.a_id, savedAdId(kind, draft.a_id))}
        className="max-w-72 font-mono text-xs"
      />
      <EditableCell
        editing={editing}
        label="Ad Description"
        value={ad.a_description}
        draft={draft.a_description}
        onDraft={(a_description) => setDraft((d) => ({ ...d, a_description }))}
        className="max-w-80"
      />
      {kind === 'web' && (
        <Td>
          <Button
            variant="secondary"
            size="sm"
            className="min-w-12 tabular-nums"
            aria-label={`${formatCount(ad.a_click ?? 0)} clicks of ${ad.a_name}${gain > 0 ? `, ${gain} new` : ''}: open analytics`}
            onClick={() => void navigate(webAdDashboardPath(ad, range))}
          >
            {formatCount(ad.a_click ?? 0)}
            {gain > 0 && <span className="font-semibold text-green-600">(+{gain})</span>}
          </Button>
        </Td>
      )}
      <Td className={stickyEndCell}>
        <div className="flex flex-wrap gap-1.5">
          {editing ? (
            <>
              <Button write="ad-units" size="sm" onClick={submit} loading={update.isPending}>
                Save
              </Button>
              <Button size="sm" variant="secondary" onClick={() => setEditing(false)}>
                Cancel
              </Button>
              {onDelete && ad.a_name !== PROTECTED_WEB_AD && (
                <Button write="ad-units" size="sm" variant="danger" onClick={() => onDelete(ad)}>
                  Delete
                </Button>
              )}
            </>
          ) : (
            <>
              <Button
                write="ad-units"
                size="sm"
                variant="secondary"
                onClick={startEdit}
                {...editButtonOf(ad._id)}
              >
                Edit
              </Button>
              <ActivityHistoryLink feature="ad-units" item={ad._id} name={ad.a_name} />
              {onClear && (
                <Button write="ad-units" size="sm" variant="ghost" onClick={() => onClear(ad)}>
                  Clear Data
                </Button>
              )}
            </>
          )}
        </div>
        {dialog}
        {confirmUpdate.dialog}
        {/* Saved (whatever the reply) or cancelled, the row leaves edit mode: nothing is left to lose. */}
        <UnsavedWorkGuard unsaved={editing && changedFrom(draft, opened)} what="the ad being edited" />
      </Td>
    </Tr>
  );
}

function EditableCell(props: {
  editing: boolean;
  label: string;
  value: string;
  draft: string;
  onDraft: (value: string) => void;
  /** Said under the input while editing, and announced with it (the spaces the save removes). */
  hint?: string | undefined;
  className: string;
}) {
  return (
    <Td className={props.editing ? 'min-w-48' : props.className}>
      {props.editing ? (
        <WithHint
          hint={props.hint}
          className="mt-1"
          input={(aria) => (
            <input
              aria-label={props.label}
              {...aria}
              className={inputClass}
              value={props.draft}
              onChange={(e) => props.onDraft(e.target.value)}
            />
          )}
        />
      ) : (
        <span className="block truncate" title={props.value}>
          {props.value}
        </span>
      )}
    </Td>
  );
}
