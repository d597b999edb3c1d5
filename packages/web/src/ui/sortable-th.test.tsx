import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { SortableTh } from './sortable-th';

function Headers({ initial }: { initial: string }) {
  const [sort, setSort] = useState(initial);
  return (
    <table>
      <thead>
        <tr>
          <SortableTh column="title" label="Title" sort={sort} onSort={setSort} />
          <SortableTh column="date" label="Date" sort={sort} onSort={setSort} descFirst />
        </tr>
      </thead>
      <tbody>
        <tr>
          <td data-testid="sort">{sort}</td>
        </tr>
      </tbody>
    </table>
  );
}

describe('SortableTh', () => {
  it('says the order on the sorted header only, and turns it round on a click', async () => {
    const user = userEvent.setup();
    render(<Headers initial="-date" />);
    const date = screen.getByRole('columnheader', { name: 'Date' });
    expect(date).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByRole('columnheader', { name: 'Title' })).not.toHaveAttribute('aria-sort');

    await user.click(screen.getByRole('button', { name: 'Date' }));
    expect(screen.getByTestId('sort')).toHaveTextContent(/^date$/);
    expect(date).toHaveAttribute('aria-sort', 'ascending');
  });

  it('sorts by another column A to Z, or highest first for a date or a count', async () => {
    const user = userEvent.setup();
    render(<Headers initial="-date" />);
    await user.click(screen.getByRole('button', { name: 'Title' }));
    expect(screen.getByTestId('sort')).toHaveTextContent(/^title$/);
    expect(screen.getByRole('columnheader', { name: 'Title' })).toHaveAttribute('aria-sort', 'ascending');

    await user.click(screen.getByRole('button', { name: 'Date' }));
    expect(screen.getByTestId('sort')).toHaveTextContent(/^-date$/);
  });
});
