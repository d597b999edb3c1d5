import { memo, useState } from 'react';
import { EDIT_VERSION_FIELD } from '@streamdesk/contract/edit-versions';
import { formatDateTime, formatViewCount } from '@streamdesk/contract/format';
import {
  LIVE_MATCH_IMAGE,
  liveMatchMessages,
  liveMatchRoutes,
  type LiveMatch,
} from '@streamdesk/contract/live-matches';
import { toast } from 'sonner';
import { cn } from '@/lib/cn';
import { fileRefusals } from '@/lib/file-refusal';
import { isoToZonedInput, shownZonedDayAndTime, zonedInputToIso } from '@/lib/report-time';
import { BreaksBetween } from '@/ui/breaks-between';
import { Button } from '@/ui/button';
import { DateTimeField } from '@/ui/date-time-field';
import { ActivityHistoryLink } from '@/ui/activity-history-link';
import { SelectCheckbox } from '@/ui/bulk-delete';
import { stickyEndCell, Td, Tr } from '@/ui/data-table';
import type { ListColumn } from '@/ui/list-table';
import { Toggle } from '@/ui/toggle';
import { useCheckedFile } from '@/ui/use-checked-file';
import { useConfirmStatus, useConfirmUpdate } from '@/ui/use-confirm-update';
import { useStartEnd } from '@/ui/use-start-end';
import { useEditLiveMatch, useLiveMatchStatus } from '../api';
import { copyLiveMatchLink } from './copy-link';
import { liveMatchImageProblem } from './image-check';
import { ImageInput } from './image-input';
import { RowDeleteButton } from './row-delete-button';
import { actionButtonsClass, failureEndsEditMode, InlineEditRow, InlineInput } from './inline-edit';
import { StoredUrlLink } from './stored-url-link';
import { liveMatchUrlProblem } from './url-check';
import { RemoteImage } from '@/ui/remote-image';
import { UnsavedWorkGuard } from '@/ui/unsaved-work-guard';
import { changedFrom } from '@/ui/use-form-leave-guard';
import { editButtonOf } from '@/ui/inline-edit-keys';

const imageRefusals = fileRefusals(liveMatchRoutes.edit);

export const liveMatchColumns: readonly ListColumn[] = [
  'Image',
  'Title',
  'URL',
  'Views',
  { label: 'Watching now', wraps: true },
  'Date',
  'Status',
  'Actions',
];

interface RowProps {
  match: LiveMatch;
  /** Ticked for Delete selected. */
  selected: boolean;
  /**
   * Called with the match's id; each the same function for every row (the rows are memoised): ticking
   * one row re-renders that row alone.
   */
  onToggle: (id: string) => void;
  onEdit: (id: string) => void;
  onDelete: (id: string) => void;
  /** Its delete is in flight: Delete is held until the reply. */
  deleting?: boolean;
  /** App clients watching it now; undefined until the first count arrives. */
  watching?: number | undefined;
  /** The count is kept from a poll a while ago (the polls fail): dimmed. */
  watchingOld?: boolean;
}

/** One match. Memoised: the list draws its rows in steps and polls the viewers. */
export const LiveMatchRow = memo(function LiveMatchRow({
  match,
  selected,
  onToggle,
  onEdit,
  onDelete,
  deleting = false,
  watching,
  watchingOld,
}: RowProps) {
  const setStatus = useLiveMatchStatus();
  // A status switch asks first, as every list row's does (docs/decisions/0055-one-confirmation-rule.md).
  const confirmStatus = useConfirmStatus();
  const switchStatus = () =>
    confirmStatus.ask(`Live Match "${match.title}"`, () =>
      setStatus.mutate({ id: match._id, status: !match.status }),
    );
  return (
    <Tr>
      <Td>
        <SelectCheckbox
          label={`Select ${match.title}`}
          checked={selected}
          onChange={() => onToggle(match._id)}
        />
      </Td>
      <Td>
        <RemoteImage
          src={match.thumbnail}
          alt={`Image of ${match.title}`}
          whenNearScreen
          className="size-12 rounded-md bg-slate-100 object-cover ring-1 ring-slate-200"
        />
      </Td>
      <Td className="font-medium text-slate-900">
        {/* Wraps (two lines at most) so that the table can narrow to fit a laptop screen. */}
        <span className="line-clamp-2 max-w-56 min-w-32 whitespace-normal wrap-anywhere" title={match.title}>
          {match.title}
        </span>
      </Td>
      {/* Cut at the notification list's URL width (the whole URL its tooltip), so that the table fits a
          laptop screen beside the select box (0060). */}
      <Td className="max-w-40 truncate" title={match.url}>
        <StoredUrlLink url={match.url} />
      </Td>
      <Td className="tabular-nums">{formatViewCount(match.view)}</Td>
      <Td
        className={cn('tabular-nums', watchingOld && 'opacity-50')}
        aria-label={watching === undefined ? 'Not counted yet' : undefined}
      >
        {watching === undefined ? '–' : formatViewCount(watching)}
      </Td>
      {/* The date may take two lines (day, time) so that the row's buttons keep one. */}
      <Td className="tabular-nums">
        <span className="block min-w-24 whitespace-normal">{formatDateTime(match.createdAt)}</span>
      </Td>
      <Td>
        <Toggle
          write="live-matches"
          checked={match.status}
          label={`Status of ${match.title}`}
          disabled={setStatus.isPending}
          onCheckedChange={switchStatus}
        />
        <PlannedTimes match={match} />
        {confirmStatus.dialog}
      </Td>
      <Td className={stickyEndCell}>
        <div className={actionButtonsClass}>
          {/* Named with the match, as the Ads Fire rows are: 'Edit' alone is the same on every row. */}
          <Button
            size="sm"
            variant="secondary"
            onClick={() => void copyLiveMatchLink(match._id)}
            aria-label={`Copy link to ${match.title}`}
          >
            Copy link
          </Button>
          <Button
            write="live-matches"
            size="sm"
            variant="secondary"
            onClick={() => onEdit(match._id)}
            aria-label={`Edit ${match.title}`}
            {...editButtonOf(match._id)}
          >
            Edit
          </Button>
          <ActivityHistoryLink feature="live-matches" item={match._id} name={match.title} />
          <RowDeleteButton name={match.title} deleting={deleting} onDelete={() => onDelete(match._id)} />
        </div>
      </Td>
    </Tr>
  );
});

/**
 * A match's planned start and end, and a missed one's note, under its status switch. A time breaks
 * between its day and its time, so that the Status column narrows and the table fits a laptop's screen
 * (it had held the column at 128 px and the table past its box, under the sticky Actions).
 */
function PlannedTimes({ match }: { match: LiveMatch }) {
  if (!match.plannedStart && !match.plannedEnd && !match.plannedNote) return null;
  return (
    <p className="mt-1 text-xs whitespace-normal text-slate-500">
      {match.plannedStart && <PlannedTime what="Starts" iso={match.plannedStart} />}
      {match.plannedEnd && <PlannedTime what="Ends" iso={match.plannedEnd} />}
      {match.plannedNote && (
        <span className="block max-w-56 whitespace-normal text-red-600">{match.plannedNote}</span>
      )}
    </p>
  );
}

function PlannedTime({ what, iso }: { what: string; iso: string }) {
  const [day, time] = shownZonedDayAndTime(iso);
  return (
    <span className="block">
      <BreaksBetween parts={[`${what} ${day}`, time]} />
    </span>
  );
}

/**
 * The row in edit mode: title, URL and an optional new image; Save or Cancel returns to viewing. The save
 * carries the version the row had when Edit was pressed (a reload of the list meanwhile does not change
 * it); refused because another admin changed the match since, the row leaves edit mode and the list
 * reloads (useEditLiveMatch), the refusal toasted.
 */
export function LiveMatchEditRow({ match, onDone }: { match: LiveMatch; onDone: () => void }) {
  const edit = useEditLiveMatch();
  const [title, setTitle] = useState(match.title);
  const [url, setUrl] = useState(match.url);
  // What the row opened with (a reload of the list meanwhile does not change it).
  const [opened] = useState(() => ({
    title: match.title,
    url: match.url,
    start: match.plannedStart ? isoToZonedInput(match.plannedStart) : '',
    end: match.plannedEnd ? isoToZonedInput(match.plannedEnd) : '',
  }));
  const planned = useStartEnd('dateTime', opened, { future: true });
  const [version] = useState<string | undefined>(match.version);
  const picker = useCheckedFile(liveMatchImageProblem, 'idle', LIVE_MATCH_IMAGE);
  // Saved or cancelled, the row leaves edit mode and its guard with it.
  const unsaved =
    picker.file !== null || changedFrom({ title, url, start: planned.start, end: planned.end }, opened);
  const confirmUpdate = useConfirmUpdate();

  /** Checks the fields, then asks the arithmetic confirmation; only the right answer sends. */
  const save = () => {
    if (!title.trim()) return void toast.error(liveMatchMessages.titleRequired);
    const urlProblem = liveMatchUrlProblem(url);
    if (urlProblem) return void toast.error(urlProblem);
    if (!planned.check()) return;
    confirmUpdate.ask(`Live Match "${match.title}"`, send);
  };

  const send = () => {
    const form = new FormData();
    form.append('_id', match._id);
    form.append('title', title.trim());
    form.append('url', url.trim());
    if (version) form.append(EDIT_VERSION_FIELD, version);
    // Unchanged times go back as they were (the server leaves them alone); an emptied one clears it;
    // a match with none planned sends none.
    const sent = (local: string, stored: string | null) =>
      !local ? '' : stored && local === isoToZonedInput(stored) ? stored : zonedInputToIso(local);
    if (planned.start || match.plannedStart)
      form.append('plannedStart', sent(planned.start, match.plannedStart));
    if (planned.end || match.plannedEnd) form.append('plannedEnd', sent(planned.end, match.plannedEnd));
    const file = picker.file;
    if (file) form.append('image', file);
    picker.sending();
    edit.mutate(form, {
      onSuccess: onDone,
      onError: (error) => (failureEndsEditMode(error) ? onDone() : picker.failed(error, imageRefusals)),
    });
  };

  return (
    <InlineEditRow
      label={`Editing ${match.title}`}
      // Over the select box's column too: the row in edit is left out of the list's selection.
      colSpan={liveMatchColumns.length + 1}
      saving={edit.isPending}
      onSave={save}
      onCancel={onDone}
      className="lg:grid-cols-[1fr_1fr_1fr_auto] lg:items-end"
    >
      <InlineInput
        label="Edit title"
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        maxLength={200}
      />
      <InlineInput
        label="Edit URL"
        type="url"
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        maxLength={2048}
      />
      <ImageInput label="New image (optional)" picker={picker} />
      <DateTimeField
        label="Edit planned start"
        calendarLabel="Pick the planned start on a calendar"
        {...planned.startField}
      />
      <DateTimeField
        label="Edit planned end"
        calendarLabel="Pick the planned end on a calendar"
        {...planned.endField}
      />
      {confirmUpdate.dialog}
      <UnsavedWorkGuard unsaved={unsaved} what="the live match being edited" />
    </InlineEditRow>
  );
}
