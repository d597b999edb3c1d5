import { formatDateTime, formatViewCount } from '@streamdesk/contract/format';
import { limitReached, type Story } from '@streamdesk/contract/stories';
import { memo } from 'react';
import { cn } from '@/lib/cn';
import { stickyEndCell, Td, Tr } from '@/ui/data-table';
import { RemoteImage } from '@/ui/remote-image';
import { RowButton } from '@/ui/row-button';
import { ProcessingState } from '@/ui/processing-badge';
import { Toggle } from '@/ui/toggle';

/**
 * What a row or card does. One object for the whole list that stays the same across renders: with it,
 * ticking one story's checkbox re-renders that row alone (the rows are memoised).
 */
export interface StoryHandlers {
  select: (id: string) => void;
  status: (story: Story, no: number) => void;
  edit: (id: string) => void;
  remove: (id: string) => void;
  /** Queues a failed story video's processing again. */
  retry: (id: string) => void;
}

export interface StoryItemProps {
  story: Story;
  /** Its number in the whole list, counted on across pages. */
  no: number;
  selected: boolean;
  /** Its delete is in flight: Delete is held until the reply. */
  deleting: boolean;
  /** Its Retry is in flight: held until the reply. */
  retrying: boolean;
  on: StoryHandlers;
}

const badge = 'inline-flex rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap';

/**
 * Active or De Active, as the spec says. An active story whose view or click limit is reached is left out
 * of the app (0016-stories.md) while its status stays on, so the badge says why it is gone.
 */
function StatusBadge({ story }: { story: Story }) {
  const active = story.status;
  return (
    <span className="inline-flex flex-wrap gap-1">
      <span className={cn(badge, active ? 'bg-emerald-100 text-emerald-700' : 'bg-slate-200 text-slate-600')}>
        {active ? 'Active' : 'De Active'}
      </span>
      {active && limitReached(story) && (
        <span
          className={cn(badge, 'bg-amber-100 text-amber-800')}
          title="Not shown in the app until the limit is raised"
        >
          Limit reached
        </span>
      )}
    </span>
  );
}

function Thumbnail({ story, no, retrying, on }: StoryItemProps) {
  if (story.NTV)
    return (
      <span className="inline-flex h-12 w-9 items-center justify-center rounded bg-amber-100 text-[10px] font-semibold text-amber-800">
        Native
      </span>
    );
  // A video story's processing, under it while not ready, with a Retry when it failed (0059).
  return (
    <span className="flex flex-col items-start">
      <RemoteImage
        src={story.thembnal || story.image}
        alt={`Thumbnail of story ${no}`}
        whenNearScreen
        className="h-12 w-9 rounded object-cover ring-1 ring-slate-200"
      />
      <ProcessingState
        item={story}
        write="stories"
        name={`story ${no}`}
        retrying={retrying}
        onRetry={() => on.retry(story._id)}
      />
    </span>
  );
}

/** What a search finds a story by (0051): its button's name (a native ad's id), the URL as its title. */
function ButtonName({ story, className }: { story: Story; className?: string }) {
  const name = story.NTV ? story.NTV_ID : story.btnName;
  if (!name) return null;
  return (
    <span className={cn('block truncate text-xs text-slate-600', className)} title={story.btnUrl || name}>
      {name}
    </span>
  );
}

/** The status switch, as every list's Status column has it (it asks first: the list's `on.status`). */
function StatusSwitch({ story, no, on }: StoryItemProps) {
  return (
    <Toggle
      write="stories"
      checked={story.status}
      label={`Status of story ${no}`}
      onCheckedChange={() => on.status(story, no)}
    />
  );
}

/** Play, Edit and Delete: the row's buttons, as every list's Actions column has them (0058). */
function RowButtons({ story, no, deleting, on }: StoryItemProps) {
  const media = story.video || story.image;
  return (
    <div className="flex justify-end gap-1.5">
      <RowButton
        action="Play"
        of={`story ${no}`}
        disabled={!media}
        onClick={() => window.open(media, '_blank', 'noopener')}
      />
      <RowButton write="stories" action="Edit" of={`story ${no}`} onClick={() => on.edit(story._id)} />
      <RowButton
        write="stories"
        action="Delete"
        of={`story ${no}`}
        variant="danger"
        loading={deleting}
        onClick={() => on.remove(story._id)}
      />
    </div>
  );
}

function SelectBox({ story, no, selected, on }: StoryItemProps) {
  return (
    <input
      type="checkbox"
      aria-label={`Select story ${no}`}
      className="size-4 accent-brand-600"
      checked={selected}
      onChange={() => on.select(story._id)}
    />
  );
}

/** A row of the table (768 px and wider). */
export const StoryRow = memo(function StoryRow(props: StoryItemProps) {
  const { story, no } = props;
  return (
    <Tr aria-selected={props.selected}>
      <Td>
        <SelectBox {...props} />
      </Td>
      <Td>{no}</Td>
      <Td>
        <span className="flex items-center gap-2">
          <StatusSwitch {...props} />
          <StatusBadge story={story} />
        </span>
      </Td>
      <Td>{formatViewCount(story.view)}</Td>
      <Td>{formatViewCount(story.clickBtnCount)}</Td>
      <Td>
        <Thumbnail {...props} />
        <ButtonName story={story} className="mt-1 max-w-28" />
      </Td>
      <Td>{formatDateTime(story.date_time)}</Td>
      <Td className={stickyEndCell}>
        <RowButtons {...props} />
      </Td>
    </Tr>
  );
});

/** A card of the list under 768 px: the same data and actions as a row. */
export const StoryCard = memo(function StoryCard(props: StoryItemProps) {
  const { story, no } = props;
  return (
    <li
      aria-label={`Story ${no}`}
      className="space-y-3 rounded-lg bg-white p-3 shadow-sm ring-1 ring-slate-200"
    >
      <div className="flex gap-3">
        <div className="flex flex-col items-center gap-2">
          <SelectBox {...props} />
          <Thumbnail {...props} />
        </div>
        <dl className="grid min-w-0 flex-1 grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-slate-500">No</dt>
          <dd className="font-medium text-slate-900">{no}</dd>
          <dt className="text-slate-500">Status</dt>
          <dd className="flex items-center gap-2">
            <StatusSwitch {...props} />
            <StatusBadge story={story} />
          </dd>
          <dt className="text-slate-500">View</dt>
          <dd>{formatViewCount(story.view)}</dd>
          <dt className="text-slate-500">Click</dt>
          <dd>{formatViewCount(story.clickBtnCount)}</dd>
          <dt className="text-slate-500">Date &amp; Time</dt>
          <dd className="break-words">{formatDateTime(story.date_time)}</dd>
          {(story.NTV ? story.NTV_ID : story.btnName) && (
            <>
              <dt className="text-slate-500">{story.NTV ? 'Native Ad ID' : 'Button'}</dt>
              <dd className="min-w-0 truncate" title={story.btnUrl || undefined}>
                {story.NTV ? story.NTV_ID : story.btnName}
              </dd>
            </>
          )}
        </dl>
      </div>
      {/* The card's buttons at its foot, in one line, as a list row's card has them (0060). */}
      <RowButtons {...props} />
    </li>
  );
});
