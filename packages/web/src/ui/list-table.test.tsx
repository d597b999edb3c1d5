import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { Td, toggleAll, toggleSelection, Tr } from './data-table';
import { ListTable } from './list-table';
import { showingRange } from './showing-range';

const PAGE_SIZE = 2;
const THINGS = ['alpha', 'beta', 'gamma', 'delta', 'epsilon'];

type Reply =
  { status: true; message: string; data: string[]; total: number } | { status: false; message: string };

/**
 * A paged list as a screen builds one on ListTable: its query (answered by `answer`, one reply per call),
 * selection with a bulk Delete, the footer's 'Showing …' and the pager.
 */
function Things({ answer }: { answer: (page: number) => Reply }) {
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const query = useQuery({ queryKey: ['things', page], queryFn: () => answer(page) });
  const reply = query.data;
  const rows = reply?.status ? reply.data : [];
  const chosen = rows.filter((id) => selected.has(id));
  return (
    <ListTable
      caption="Things"
      columns={['Name']}
      reply={reply}
      onRetry={query.refetch}
      isPending={query.isPending}
      isEmpty={rows.length === 0}
      emptyText="No things yet."
      selection={{
        allSelected: rows.length > 0 && chosen.length === rows.length,
        onToggleAll: () => setSelected((s) => toggleAll(s, rows)),
        count: chosen.length,
        actions: (
          <button type="button" disabled={chosen.length === 0}>
            Delete selected ({chosen.length})
          </button>
        ),
      }}
      paging={{
        page,
        totalPages: reply?.status ? Math.ceil(reply.total / PAGE_SIZE) : 1,
        onPageChange: setPage,
        showing:
          reply?.status &&
          showingRange((page - 1) * PAGE_SIZE, rows.length, reply.total, ['thing', 'things']),
      }}
    >
      {rows.map((name) => (
        <Tr key={name}>
          <Td>
            <input
              type="checkbox"
              aria-label={`Select ${name}`}
              checked={selected.has(name)}
              onChange={() => setSelected((s) => toggleSelection(s, name))}
            />
          </Td>
          <Td>{name}</Td>
        </Tr>
      ))}
    </ListTable>
  );
}

const pageOf = (page: number): Reply => ({
  status: true,
  message: 'ok',
  data: THINGS.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE),
  total: THINGS.length,
});

/** A list that has loaded and shows the rows it is given. */
const SHOWING_ROWS = { reply: { status: true, message: 'ok' }, isPending: false, isEmpty: false } as const;

function renderThings(answer: (page: number) => Reply) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <Things answer={answer} />
    </QueryClientProvider>,
  );
}

describe('ListTable', () => {
  it('says a refused load with a Retry that loads the list again and shows its rows', async () => {
    const user = userEvent.setup();
    let calls = 0;
    renderThings((page) => (++calls === 1 ? { status: false, message: 'Data Not Fetch' } : pageOf(page)));
    const table = screen.getByRole('table', { name: 'Things' });
    const alert = await within(table).findByRole('alert');
    expect(alert).toHaveTextContent('Data Not Fetch');
    // No footer while the list failed.
    expect(screen.queryByText(/^Showing/)).toBeNull();

    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(table).findByText('alpha')).toBeInTheDocument();
    expect(within(table).getByText('beta')).toBeInTheDocument();
    expect(within(table).queryByRole('alert')).toBeNull();
    expect(calls).toBe(2);
  });

  it('says a failure the screen words itself with a Retry, and leaves its toast to the screen', async () => {
    const toasted = vi.spyOn(toast, 'error');
    const onRetry = vi.fn(() => Promise.resolve());
    render(
      <ListTable
        caption="Things"
        columns={['Name']}
        reply={{ status: false, message: 'x' }}
        failure="Failed to load things"
        onRetry={onRetry}
        isPending={false}
        isEmpty
        emptyText="No things yet."
      >
        {null}
      </ListTable>,
    );
    const alert = within(screen.getByRole('table', { name: 'Things' })).getByRole('alert');
    expect(alert).toHaveTextContent('Failed to load things');
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
    expect(toasted).not.toHaveBeenCalled();
    toasted.mockRestore();
  });

  it("says the page's figures under the rows, and select-all takes the rows on screen", async () => {
    const user = userEvent.setup();
    renderThings(pageOf);
    const table = screen.getByRole('table', { name: 'Things' });
    await within(table).findByText('alpha');
    expect(screen.getByText('Showing 1–2 of 5 things')).toBeInTheDocument();
    const bar = screen.getByRole('toolbar', { name: 'Selected rows' });
    expect(bar).toHaveTextContent('0 selected');
    expect(within(bar).getByRole('button', { name: 'Delete selected (0)' })).toBeDisabled();

    await user.click(within(table).getByRole('checkbox', { name: 'Select all on this page' }));
    expect(within(table).getByRole('checkbox', { name: 'Select alpha' })).toBeChecked();
    expect(within(table).getByRole('checkbox', { name: 'Select beta' })).toBeChecked();
    expect(bar).toHaveTextContent('2 selected');
    expect(within(bar).getByRole('button', { name: 'Delete selected (2)' })).toBeEnabled();

    // Select-all again clears; one row clicked alone leaves select-all off.
    await user.click(within(table).getByRole('checkbox', { name: 'Select all on this page' }));
    expect(bar).toHaveTextContent('0 selected');
    await user.click(within(table).getByRole('checkbox', { name: 'Select beta' }));
    expect(within(table).getByRole('checkbox', { name: 'Select all on this page' })).not.toBeChecked();
    expect(bar).toHaveTextContent('1 selected');

    // The last page: one thing.
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(await within(table).findByText('epsilon')).toBeInTheDocument();
    expect(screen.getByText('Showing 5 of 5 things')).toBeInTheDocument();
  });

  it("lets a head marked `wraps` take two lines, keeping its name and its cells' label", () => {
    render(
      <ListTable
        caption="Matches"
        columns={['Title', { label: 'Watching now', wraps: true }]}
        {...SHOWING_ROWS}
        emptyText="No matches yet."
      >
        <Tr>
          <Td>Final</Td>
          <Td>12</Td>
        </Tr>
      </ListTable>,
    );
    const head = screen.getByRole('columnheader', { name: 'Watching now' });
    // The Th itself is nowrap (cn does not merge conflicting classes): the label wraps in its own box.
    expect(within(head).getByText('Watching now')).toHaveClass('whitespace-normal');
    expect(screen.getByRole('columnheader', { name: 'Title' }).querySelector('span')).toBeNull();
    expect(screen.getByText('12').closest('td')).toHaveAttribute('data-label', 'Watching now');
  });

  it("gives each cell its column's label for the phone's cards, rows that come later too", async () => {
    function Rows() {
      const [names, setNames] = useState(['alpha']);
      return (
        <>
          <button type="button" onClick={() => setNames((n) => [...n, 'beta'])}>
            More
          </button>
          <ListTable
            caption="Things"
            columns={['Name', { label: 'Actions', srOnly: true }]}
            {...SHOWING_ROWS}
            emptyText="No things yet."
            selection={{ allSelected: false, onToggleAll: () => {}, count: 0, actions: null }}
          >
            {names.map((name) => (
              <Tr key={name}>
                <Td>
                  <input type="checkbox" aria-label={`Select ${name}`} />
                </Td>
                <Td>{name}</Td>
                <Td>
                  <button type="button">Edit {name}</button>
                </Td>
              </Tr>
            ))}
            <tr>
              <td colSpan={3}>A note across the row</td>
            </tr>
          </ListTable>
        </>
      );
    }
    render(<Rows />);
    const cell = (text: string) => screen.getByText(text).closest('td')!;
    // The select box's cell and a cell across columns say no column; the buttons' cell is the card's foot.
    expect(screen.getByLabelText('Select alpha').closest('td')).not.toHaveAttribute('data-label');
    expect(cell('alpha')).toHaveAttribute('data-label', 'Name');
    expect(cell('Edit alpha')).toHaveAttribute('data-label', 'Actions');
    expect(cell('Edit alpha')).toHaveAttribute('data-actions');
    expect(cell('alpha')).not.toHaveAttribute('data-actions');
    expect(cell('A note across the row')).not.toHaveAttribute('data-label');
    // Every list's Actions head is at the right, over its buttons (0058); index.css aligns the cells.
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toHaveClass('text-right');

    await userEvent.setup().click(screen.getByRole('button', { name: 'More' }));
    expect(cell('beta')).toHaveAttribute('data-label', 'Name');
    expect(cell('Edit beta')).toHaveAttribute('data-actions');
  });

  it("keeps a column of words named Action (the activity log's) out of the buttons' place", () => {
    render(
      <ListTable
        caption="Entries"
        columns={['Item', { label: 'Action', buttons: false }, { label: 'Details', srOnly: true }]}
        {...SHOWING_ROWS}
        emptyText="No entries yet."
      >
        <Tr>
          <Td>story #1</Td>
          <Td>
            <a href="#update">update</a>
          </Td>
          <Td>
            <button type="button">Details</button>
          </Td>
        </Tr>
      </ListTable>,
    );
    const head = screen.getByRole('columnheader', { name: 'Action' });
    expect(head).not.toHaveClass('text-right');
    const cell = screen.getByRole('link', { name: 'update' }).closest('td')!;
    expect(cell).toHaveAttribute('data-label', 'Action');
    expect(cell).not.toHaveAttribute('data-actions');
  });

  it('brings the top of the list into view on a page change when the admin scrolled below it', async () => {
    const user = userEvent.setup();
    renderThings(pageOf);
    const table = screen.getByRole('table', { name: 'Things' });
    await within(table).findByText('alpha');
    // The list box: the element ListTable scrolls to. Scrolled past its top (jsdom has no layout).
    const list = screen.getByRole('toolbar', { name: 'Selected rows' }).parentElement!;
    list.getBoundingClientRect = () => DOMRect.fromRect({ x: 0, y: -800, width: 1000, height: 2000 });
    const scrollIntoView = vi.fn();
    list.scrollIntoView = scrollIntoView;

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await within(table).findByText('gamma')).toBeInTheDocument();
    expect(scrollIntoView).toHaveBeenCalledWith({ block: 'start' });
  });
});
