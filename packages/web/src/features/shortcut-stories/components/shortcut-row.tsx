import { formatClickCount, formatDateTime } from '@streamdesk/contract/format';
import { isSafeShortcutUrl, type ShortcutStory } from '@streamdesk/contract/shortcut-stories';
import { memo, type ChangeEvent, type ComponentProps, type RefObject } from 'react';
import { SelectCheckbox } from '@/ui/bulk-delete';
import { Button } from '@/ui/button';
import { ActivityHistoryLink } from '@/ui/activity-history-link';
import { stickyEndCell, Td, Tr } from '@/ui/data-table';
import { inputClass, WithHint } from '@/ui/field';
import { ExternalLinkIcon } from '@/ui/icons';
import { UploadIndicator, type UploadState } from '@/ui/upload-indicator';
import { RemoteImage } from '@/ui/remote-image';
import { schemeHint } from '@/ui/stripped-hint';
import { editButtonOf, inlineEditKeys, useFocusFirstField } from '@/ui/inline-edit-keys';
import { pickedImageLabels } from './image-indicator-labels';

/** The text fields of a row being edited. */
export type EditableField = 's_no' | 'name' | 'label' | 'url' | 'clickCount';

/** What the row being edited needs; the other rows get none. */
export interface RowEditor {
  /** Props of the text input bound to one field of the draft. */
  bind: (
    field: EditableField,
    label: string,
  ) => { 'aria-label': string; value: string; onChange: (e: { target: { value: string } }) => void };
  logo: {
    inputRef: RefObject<HTMLInputElement | null>;
    pick: (e: ChangeEvent<HTMLInputElement>) => void;
    state: UploadState;
  };
  save: () => void;
  cancel: () => void;
  saving: boolean;
}

/**
 * What a row does. One object for the whole table that stays the same across renders: with it, ticking
 * one row's checkbox re-renders that row alone (the rows are memoised).
 */
export interface ShortcutHandlers {
  toggle: (id: string) => void;
  edit: (s: ShortcutStory) => void;
  remove: (id: string) => void;
}

/**
 * A text input of the row being edited; the column header is its visible label. It fills its cell
 * (inputClass's w-full) and keeps at least the `min-w-*` width it is given.
 */
function CellInput({ className, ...props }: ComponentProps<'input'> & { 'aria-label': string }) {
  return <input {...props} className={`${inputClass} h-8 py-1 ${className ?? ''}`} />;
}

/** The Url of the row being edited, with the https:// a save adds said under it (schemeHint). */
function UrlInput(props: ReturnType<RowEditor['bind']>) {
  return (
    <WithHint
      hint={schemeHint(props.value)}
      className="mt-1"
      input={(aria) => <CellInput {...props} {...aria} type="url" className="min-w-40" />}
    />
  );
}

/** The date above the time, so that a row being edited still fits a laptop screen; the text is unchanged. */
function DayOverTime({ value }: { value: string }) {
  const cut = value.indexOf(' ');
  if (cut < 0) return value;
  return (
    <span className="block max-w-[13ch] whitespace-normal">
      {value.slice(0, cut)} <span className="whitespace-nowrap">{value.slice(cut + 1)}</span>
    </span>
  );
}

interface ShortcutRowProps {
  s: ShortcutStory;
  selected: boolean;
  /** Its delete is in flight: Delete is held until the reply. */
  deleting: boolean;
  /** Set on the row being edited. */
  editor?: RowEditor | undefined;
  on: ShortcutHandlers;
}

/** One shortcut: shown, or edited inline with Save and Cancel. */
export const ShortcutRow = memo(function ShortcutRow({
  s,
  selected,
  deleting,
  editor,
  on,
}: ShortcutRowProps) {
  const row = useFocusFirstField<HTMLTableRowElement>(!!editor);
  return (
    <Tr
      ref={row}
      onKeyDown={editor ? inlineEditKeys(() => !editor.saving && editor.save(), editor.cancel) : undefined}
    >
      <Td>
        <SelectCheckbox label={`Select ${s.name}`} checked={selected} onChange={() => on.toggle(s._id)} />
      </Td>
      <Td>
        {editor ? (
          <CellInput {...editor.bind('s_no', 'No')} inputMode="numeric" className="min-w-16" />
        ) : (
          s.s_no
        )}
      </Td>
      <Td>
        <RemoteImage
          src={s.logo}
          alt={`${s.name} logo`}
          whenNearScreen
          className="size-10 rounded-full bg-slate-100 object-cover ring-1 ring-slate-200"
        />
        {editor && (
          // Under the logo, and as wide as the cell says: beside it, the picker's "No file
          // chosen" ran over the Name input and widened the row past the screen.
          <div className="mt-1.5 flex w-36 items-center gap-1.5">
            <input
              type="file"
              aria-label="New logo"
              accept="image/png,image/gif"
              ref={editor.logo.inputRef}
              onChange={editor.logo.pick}
              className="min-w-0 flex-1 text-xs file:mr-2 file:rounded file:border-0 file:bg-slate-100 file:px-2 file:py-1"
            />
            {/* The new logo is only checked here; it is sent with Save. */}
            <UploadIndicator state={editor.logo.state} labels={pickedImageLabels('Save')} />
          </div>
        )}
      </Td>
      <Td className="max-w-48 truncate" title={editor ? undefined : s.name}>
        {editor ? <CellInput {...editor.bind('name', 'Name')} className="min-w-32" /> : s.name}
      </Td>
      <Td>
        {editor ? (
          <CellInput {...editor.bind('label', 'Label')} className="min-w-20" />
        ) : (
          <span className="rounded bg-amber-50 px-1.5 py-0.5 text-xs font-semibold text-amber-700 ring-1 ring-amber-600/20">
            {s.label}
          </span>
        )}
      </Td>
      <Td>
        {editor ? (
          <UrlInput {...editor.bind('url', 'Url')} />
        ) : (
          <a
            href={isSafeShortcutUrl(s.url) ? s.url : undefined}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`Open ${s.name} link in a new tab`}
            title={s.url}
            className="inline-flex size-8 items-center justify-center rounded-md text-brand-600 ring-1 ring-slate-200 hover:bg-brand-50"
          >
            <ExternalLinkIcon className="size-4" />
          </a>
        )}
      </Td>
      <Td className="tabular-nums">
        {editor ? (
          <CellInput {...editor.bind('clickCount', 'Click')} inputMode="numeric" className="min-w-16" />
        ) : (
          formatClickCount(s.clickCount)
        )}
      </Td>
      <Td className="hidden tabular-nums md:table-cell">
        <DayOverTime value={formatDateTime(s.createdAt)} />
      </Td>
      <Td className={stickyEndCell}>
        <div className="flex justify-end gap-1.5">
          {editor ? (
            <>
              <Button write="shortcut-stories" size="sm" onClick={editor.save} loading={editor.saving}>
                Save
              </Button>
              <Button size="sm" variant="secondary" onClick={editor.cancel}>
                Cancel
              </Button>
            </>
          ) : (
            <>
              <Button
                write="shortcut-stories"
                size="sm"
                variant="secondary"
                aria-label={`Edit ${s.name}`}
                {...editButtonOf(s._id)}
                onClick={() => on.edit(s)}
              >
                Edit
              </Button>
              <ActivityHistoryLink feature="shortcut-stories" item={s._id} name={s.name} />
              <Button
                write="shortcut-stories"
                size="sm"
                variant="danger"
                aria-label={`Delete ${s.name}`}
                loading={deleting}
                onClick={() => on.remove(s._id)}
              >
                Delete
              </Button>
            </>
          )}
        </div>
      </Td>
    </Tr>
  );
});
