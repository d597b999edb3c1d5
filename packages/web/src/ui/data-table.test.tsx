import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Button } from './button';
import { Table, TableMessageRow, TBody, Td, Th, THead, Tr } from './data-table';
import { Dialog } from './dialog';

interface Row {
  name: string;
  /** Rows differ, as WEB_URL_1 has no Delete: such a row offers only Edit. */
  fixed?: boolean;
}

/**
 * A screen as the back office builds one: a heading, a table whose row Delete opens a confirmation by
 * state, and the row leaving only when the call's reply comes back (`reply`, run by the test). Edit
 * swaps the row for an edit row, as the inline edits do.
 */
function Screen({ initial, emptyState = false }: { initial: Row[]; emptyState?: boolean }) {
  const [rows, setRows] = useState(initial);
  const [asked, setAsked] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [pending, setPending] = useState<string | null>(null);
  const table = (
    <Table caption="Things">
      <THead>
        <Th>Name</Th>
        <Th>Actions</Th>
      </THead>
      <TBody>
        {rows.length === 0 ? (
          <TableMessageRow colSpan={2}>No things yet.</TableMessageRow>
        ) : (
          rows.map((row) =>
            row.name === editing ? (
              <EditRow key={row.name} name={row.name} onSave={() => setEditing(null)} />
            ) : (
              <Tr key={row.name}>
                <Td>
                  <input type="checkbox" aria-label={`Select ${row.name}`} />
                  {row.name}
                </Td>
                <Td>
                  <Button onClick={() => setEditing(row.name)}>Edit {row.name}</Button>
                  {!row.fixed && (
                    <Button variant="danger" onClick={() => setAsked(row.name)}>
                      Delete {row.name}
                    </Button>
                  )}
                </Td>
              </Tr>
            ),
          )
        )}
      </TBody>
    </Table>
  );
  return (
    <main>
      <h1>Things</h1>
      {emptyState && rows.length === 0 ? <p>Nothing here</p> : table}
      <Button onClick={() => setRows((r) => r.filter((row) => row.name !== pending))}>Reply</Button>
      <Dialog open={asked !== null} onOpenChange={(open) => !open && setAsked(null)} title="Please confirm">
        <Button
          onClick={() => {
            setPending(asked);
            setAsked(null);
          }}
        >
          Confirm
        </Button>
        {/* The list reloading before the dialog closes, as on a busy machine. */}
        <Button onClick={() => setRows((r) => r.filter((row) => row.name !== asked))}>Remove now</Button>
      </Dialog>
    </main>
  );
}

/** An edit row: another component, so it replaces the row's element, as the inline edits do. */
function EditRow({ name, onSave }: { name: string; onSave: () => void }) {
  return (
    <tr>
      <td>
        <input aria-label={`Edit name of ${name}`} defaultValue={name} />
      </td>
      <td>
        <Button onClick={onSave}>Save {name}</Button>
      </td>
    </tr>
  );
}

/** Deletes `name` from the keyboard: its Delete, the confirmation, then the reply removes the row. */
async function deleteRow(name: string) {
  const user = userEvent.setup();
  const button = screen.getByRole('button', { name: `Delete ${name}` });
  button.focus();
  await user.keyboard('{Enter}');
  await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirm' }));
  // The dialog gives focus back to the Delete; then the reply takes its row away.
  await waitFor(() => expect(button).toHaveFocus());
  act(() => screen.getByRole('button', { name: 'Reply' }).click());
  expect(button).not.toBeInTheDocument();
}

describe('TBody: focus after a row is deleted', () => {
  it("goes to the next row's Delete, in the place the deleted row's had", async () => {
    render(<Screen initial={[{ name: 'A' }, { name: 'B' }, { name: 'C' }]} />);
    await deleteRow('B');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete C' })).toHaveFocus());
  });

  it("goes to the row before when the last row is deleted, and to that row's nearest control", async () => {
    render(<Screen initial={[{ name: 'A', fixed: true }, { name: 'B' }]} />);
    await deleteRow('B');
    // Row A has no Delete: its Edit, in the same cell, is the nearest.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit A' })).toHaveFocus());
  });

  it("goes to the screen's heading when no row is left", async () => {
    render(<Screen initial={[{ name: 'A' }]} />);
    await deleteRow('A');
    expect(screen.getByText('No things yet.')).toBeInTheDocument();
    const heading = screen.getByRole('heading', { name: 'Things' });
    await waitFor(() => expect(heading).toHaveFocus());
    // Reachable from script only, not a Tab stop.
    expect(heading).toHaveAttribute('tabindex', '-1');
  });

  it("goes to the screen's heading when an empty state takes the table's place", async () => {
    render(<Screen initial={[{ name: 'A' }]} emptyState />);
    await deleteRow('A');
    expect(screen.getByText('Nothing here')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Things' })).toHaveFocus());
  });

  it("goes to the next row's Delete when the row left while its confirmation still held focus", async () => {
    const user = userEvent.setup();
    render(<Screen initial={[{ name: 'A' }, { name: 'B' }, { name: 'C' }]} />);
    screen.getByRole('button', { name: 'Delete B' }).focus();
    await user.keyboard('{Enter}');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove now' }));
    expect(screen.queryByRole('button', { name: 'Delete B' })).not.toBeInTheDocument();
    // The dialog closes and gives focus back to a Delete that is gone.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete C' })).toHaveFocus());
  });

  it('leaves focus alone when the row was not deleted, or the user had moved on', async () => {
    const user = userEvent.setup();
    render(<Screen initial={[{ name: 'A' }, { name: 'B' }]} />);
    // An edit row takes the row's place: not a deletion.
    await user.click(screen.getByRole('button', { name: 'Edit A' }));
    expect(screen.getByLabelText('Edit name of A')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(document.body).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Save A' }));

    // Focus elsewhere when the reply comes: it stays there.
    await user.click(screen.getByRole('button', { name: 'Delete A' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    const other = screen.getByRole('checkbox', { name: 'Select B' });
    await user.click(other);
    act(() => screen.getByRole('button', { name: 'Reply' }).click());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(other).toHaveFocus();
  });
});
