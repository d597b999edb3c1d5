import { useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import { LOAD_FAILED } from '@/lib/api-query';
import { cn } from '@/lib/cn';
import { stickyEndHead, Table, TableMessageRow, TBody, Th, THead, VisibleWidth } from './data-table';
import { LoadError } from './load-error';
import { showingRange } from './showing-range';
import { Pagination, scrollToListTop } from './pagination';
import { SortableTh } from './sortable-th';
import { useFailedLoadToast } from './use-failed-load-toast';
import type { AskFirst } from './ask-before-dropping';

/** The headers that order a list (by their label), the list's order, and what a header click asks for. */
export interface ListSorting {
  sort: string;
  onSort: (next: string) => void;
  /** A header's column in the list's `sort`; dates and counts sort highest (newest) first. */
  columns: Readonly<Partial<Record<string, { column: string; descFirst?: boolean }>>>;
}

/** The select-all box of a list whose rows have a checkbox (the rows on screen). */
export interface ListSelection {
  allSelected: boolean;
  onToggleAll: () => void;
  /** How many rows are selected, said in the bulk bar. */
  count: number;
  /** The bulk actions for the selection (e.g. DeleteSelectedButton), in the bar above the list. */
  actions: ReactNode;
}

/** The footer of a paged list: 'Showing N–M of T things' and the pager. */
export interface ListPaging {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  /** The 'Showing …' line (showingRange), or the list's own words for it. */
  showing?: ReactNode;
  /** A list that says where it is in words (in-house ads: 'Page NN of NN'), beside the pager. */
  pageText?: ReactNode;
  /** The 'Showing …' line stays with no rows: the spec's own line says 0 ('Showing 0 of 0 videos'). */
  showingWhenEmpty?: boolean;
}

/**
 * A column head: its label, or its label with classes (e.g. hidden on a phone); `srOnly` says the label
 * to a screen reader only (a column of row buttons that name themselves, e.g. Details); `wraps` lets a
 * label of words over a narrow column take two lines (Watching now over a count), so that the table
 * fits a laptop's screen; `buttons` says whether the column holds the row's buttons, by default one named
 * Action or Actions (the activity log's Action is a word of each entry's: `buttons: false`).
 */
export type ListColumn =
  string | { label: string; className?: string; srOnly?: boolean; wraps?: boolean; buttons?: boolean };

export const SELECT_ALL_LABEL = 'Select all on this page';

/** The list's own parts; a screen whose table component owns the selection passes the rest through. */
export interface ListTableProps {
  caption: string;
  columns: readonly ListColumn[];
  /** A head cell of the list's own before the columns (with no `selection`). */
  head?: ReactNode;
  /** The list's reply: `status: false` is a refusal, said with its message. */
  reply: { status: boolean; message: string } | undefined;
  /**
   * A failure the screen words itself (e.g. loadFailure(query)), with a Retry; else the reply's. The
   * screen then also decides whether it is toasted: the list does not toast the reply's message.
   */
  failure?: string;
  onRetry?: () => Promise<unknown>;
  isPending: boolean;
  isEmpty: boolean;
  emptyText: ReactNode;
  loadingText?: string;
  sorting?: ListSorting;
  selection?: ListSelection;
  paging?: ListPaging;
  /**
   * A page or sort change goes through it: an inline-edited list's row in edit asks before it drops its
   * change (useRowInEdit's `move`, docs/decisions/0056).
   */
  askFirst?: AskFirst;
  children: ReactNode;
}

const goAtOnce: AskFirst = (go) => go();

/**
 * The one list of the admin (issue 36, docs/decisions/0058-one-list-component.md): a bulk bar that stays
 * in view while the list scrolls (with `selection`), the column heads (those `sorting` names order the
 * list; `selection` adds a select-all box first), then loading, the failure ('Data Not Fetch' when the
 * server gave none; also toasted) with a Retry (`onRetry`, a refusal's: a load with no answer is the
 * shell's to retry), an empty note, or the rows; under them one footer, 'Showing …' and the pager. A page
 * change brings the list's top into view when the admin had scrolled below it.
 */
export function ListTable({
  caption,
  columns,
  head,
  reply,
  failure,
  onRetry,
  isPending,
  isEmpty,
  emptyText,
  loadingText = 'Loading…',
  sorting,
  selection,
  paging,
  askFirst = goAtOnce,
  children,
}: ListTableProps) {
  useFailedLoadToast(failure === undefined ? reply : undefined);
  const top = useRef<HTMLDivElement>(null);
  const firstHead = selection ? (
    <Th className="w-10">
      <input
        type="checkbox"
        aria-label={SELECT_ALL_LABEL}
        className="size-4 rounded border-slate-300"
        checked={selection.allSelected}
        onChange={selection.onToggleAll}
      />
    </Th>
  ) : (
    head
  );
  const colSpan = columns.length + (firstHead ? 1 : 0);
  const labels = [...(firstHead ? [undefined] : []), ...columns.map(columnLabel)];
  const buttons = [...(firstHead ? [false] : []), ...columns.map(holdsButtons)];
  useCellLabels(top, labels, buttons);
  const refused = reply && !reply.status ? reply.message || LOAD_FAILED : undefined;
  const failed = failure ?? refused ?? (reply ? undefined : LOAD_FAILED);
  const message = isPending ? (
    loadingText
  ) : failed ? (
    onRetry && (failure !== undefined || refused) ? (
      <LoadError message={failed} onRetry={onRetry} />
    ) : (
      failed
    )
  ) : isEmpty ? (
    emptyText
  ) : undefined;

  const changePage = (next: number) =>
    askFirst(() => {
      paging?.onPageChange(next);
      scrollToListTop(top.current);
    });

  return (
    <div ref={top} aria-busy={isPending} className="scroll-mt-16 space-y-3">
      {selection && <BulkBar selection={selection} />}
      {/* A container, so that an edit row can size its form to the box's visible width (see InlineEditRow). */}
      {/* Under 768 px each row is a card whose cells say their column (list-cards, index.css; 0060). */}
      <Table caption={caption} className="list-cards @container">
        <THead>
          {firstHead}
          {columns.map((column) => {
            const {
              label,
              className: own,
              srOnly,
              wraps,
            } = typeof column === 'string' ? { label: column } : column;
            // The Actions head stays at the right edge, its buttons under it at the right (index.css).
            const className = cn(own, holdsButtons(column) && `${stickyEndHead} text-right`);
            const by = sorting?.columns[label];
            return by ? (
              <SortableTh
                key={label}
                column={by.column}
                label={label}
                sort={sorting.sort}
                onSort={(next) => askFirst(() => sorting.onSort(next))}
                descFirst={by.descFirst}
                className={className}
              />
            ) : (
              <Th key={label} className={className}>
                {srOnly ? (
                  <span className="sr-only">{label}</span>
                ) : wraps ? (
                  <span className="block whitespace-normal">{label}</span>
                ) : (
                  label
                )}
              </Th>
            );
          })}
        </THead>
        <TBody>
          {message ? (
            <TableMessageRow colSpan={colSpan}>
              <VisibleWidth>{message}</VisibleWidth>
            </TableMessageRow>
          ) : (
            children
          )}
        </TBody>
      </Table>
      {paging && !failed && (
        <ListFooter
          paging={paging}
          showing={!isPending && (!isEmpty || paging.showingWhenEmpty === true)}
          onPageChange={changePage}
        />
      )}
    </div>
  );
}

const columnLabel = (column: ListColumn) => (typeof column === 'string' ? column : column.label);

/** Whether a column holds a row's buttons: its cell is the card's last line on a phone. */
const holdsButtons = (column: ListColumn) =>
  (typeof column === 'string' ? undefined : column.buttons) ?? /^Actions?$/.test(columnLabel(column));

/**
 * Gives each body cell of the list's table its column's label (`data-label`), and the row buttons' cell
 * `data-actions`: on a phone (under 768 px) the rows are cards, each cell a line that says its column
 * (index.css, list-cards). A cell that spans columns (a message, an edit row's form) and the select box's
 * get none. Rows come and go without this list rendering (a row that turns into its edit form), so a
 * watcher labels them as they change.
 */
function useCellLabels(
  box: RefObject<HTMLElement | null>,
  labels: readonly (string | undefined)[],
  buttonColumns: readonly boolean[],
) {
  const key = labels.join('\u0000');
  const buttonsKey = buttonColumns.map(Number).join('');
  useLayoutEffect(() => {
    const body = box.current?.querySelector('tbody');
    if (!body) return;
    const names = key.split('\u0000');
    const label = () => {
      for (const row of Array.from(body.rows)) {
        let at = 0;
        for (const cell of Array.from(row.cells)) {
          const column = cell.colSpan === 1 ? names[at] : undefined;
          const onlyButtons = cell.colSpan === 1 && buttonsKey[at] === '1';
          at += cell.colSpan;
          // A buttons' column holds buttons; empty, it says nothing.
          const buttons = cell.querySelector('button, a, input') !== null;
          const name = onlyButtons && !buttons && !cell.textContent?.trim() ? undefined : column;
          if (name) {
            if (cell.dataset.label !== name) cell.dataset.label = name;
          } else if (cell.dataset.label !== undefined) delete cell.dataset.label;
          const actions = onlyButtons && buttons;
          if (actions !== (cell.dataset.actions !== undefined)) {
            if (actions) cell.dataset.actions = '';
            else delete cell.dataset.actions;
          }
        }
      }
    };
    label();
    const watcher = new MutationObserver(label);
    watcher.observe(body, { childList: true, subtree: true });
    return () => watcher.disconnect();
  }, [box, key, buttonsKey]);
}

/**
 * The bulk bar of a list with a selection: 'N selected' and its actions, sticky under the top bar so
 * the selection's actions stay in reach while a long list scrolls. ListTable's, and a card list's (the
 * stories on a phone).
 */
export function BulkBar({ selection }: { selection: ListSelection }) {
  return (
    <div
      role="toolbar"
      aria-label="Selected rows"
      className="sticky top-14 z-20 flex min-h-12 flex-wrap items-center justify-between gap-2 rounded-lg bg-white/95 px-3 py-2 shadow-sm ring-1 ring-slate-200 backdrop-blur"
    >
      <p className="text-sm text-slate-600" aria-live="polite">
        {selection.count} selected
      </p>
      {/* On a phone the actions keep to one line (a long label on two), so that the sticky bar stays low. */}
      <div className="flex flex-wrap items-center gap-2 max-sm:grow max-sm:flex-nowrap max-sm:justify-end max-sm:*:h-auto max-sm:*:min-h-8 max-sm:*:px-2 max-sm:*:py-1 max-sm:*:leading-tight max-sm:*:whitespace-normal">
        {selection.actions}
      </div>
    </div>
  );
}

/** The footer under a paged list's rows: 'Showing …' (when `showing`) on the left, the pager on the right. */
export function ListFooter({
  paging,
  showing,
  onPageChange,
}: {
  paging: ListPaging;
  showing: boolean;
  onPageChange: (page: number) => void;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-600">{showing && paging.showing}</p>
      <div className="flex flex-wrap items-center gap-3">
        {paging.pageText && <p className="text-sm text-slate-600">{paging.pageText}</p>}
        <Pagination page={paging.page} totalPages={paging.totalPages} onPageChange={onPageChange} />
      </div>
    </div>
  );
}

/** A list's states (ListTable's) from its query: its reply, loading, and Retry (the query's refetch). */
export function listStates(query: {
  data: { status: boolean; message: string } | undefined;
  refetch: () => Promise<unknown>;
  isPending: boolean;
}): Pick<ListTableProps, 'reply' | 'onRetry' | 'isPending'> {
  return { reply: query.data, onRetry: query.refetch, isPending: query.isPending };
}

/**
 * A paged list's states and footer (ListTable's) from its query: `ok` is its reply when that is a list
 * ('Showing N–M of T things' from its total, left out while another page's rows stand in for this one's).
 */
export function pagedList(
  query: {
    data: { status: boolean; message: string } | undefined;
    refetch: () => Promise<unknown>;
    isPending: boolean;
    isPlaceholderData: boolean;
  },
  ok:
    { data: readonly unknown[]; total: number; totalPage: number; totalCapped?: boolean } | null | undefined,
  {
    page,
    pageSize,
    things,
    onPageChange,
  }: {
    page: number;
    pageSize: number;
    things: readonly [string, string];
    onPageChange: (page: number) => void;
  },
): Pick<ListTableProps, 'reply' | 'onRetry' | 'isPending' | 'paging'> {
  return {
    ...listStates(query),
    paging: {
      page,
      totalPages: ok?.totalPage ?? 1,
      onPageChange,
      showing:
        ok &&
        !query.isPlaceholderData &&
        showingRange((page - 1) * pageSize, ok.data.length, ok.total, things, ok.totalCapped),
    },
  };
}
