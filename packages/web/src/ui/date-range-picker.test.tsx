import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DateRangePicker, editedRange, rangeMessages, type RangeSelection } from './date-range-picker';

const range = { startDate: '2026-03-10', endDate: '2026-03-20' };

describe('editedRange', () => {
  it('marks the range custom and keeps the other end while the range stays in order', () => {
    expect(editedRange(range, 'startDate', '2026-03-12')).toEqual({
      ...range,
      startDate: '2026-03-12',
      preset: 'custom',
    });
    expect(editedRange(range, 'endDate', '2026-03-10')).toEqual({
      ...range,
      endDate: '2026-03-10',
      preset: 'custom',
    });
  });

  it('refuses an end moved past the other, rather than moving both', () => {
    expect(editedRange(range, 'startDate', '2026-04-01')).toEqual({ refused: rangeMessages.startAfterEnd });
    expect(editedRange(range, 'endDate', '2026-02-01')).toEqual({ refused: rangeMessages.endBeforeStart });
  });
});

function Picker() {
  const [value, setValue] = useState<RangeSelection>({ ...range, preset: 'custom' });
  return (
    <>
      <DateRangePicker value={value} onChange={setValue} />
      <output aria-label="Range">{`${value.startDate} ${value.endDate}`}</output>
    </>
  );
}

describe('DateRangePicker', () => {
  it('shows the days as DD/MM/YYYY, as the tables do', () => {
    render(<Picker />);
    expect(screen.getByLabelText('Start date')).toHaveValue('10/03/2026');
    expect(screen.getByLabelText('End date')).toHaveValue('20/03/2026');
  });

  it('refuses an end before the start with a message, moving neither, and takes it once the start fits', async () => {
    render(<Picker />);
    const user = userEvent.setup();
    const end = screen.getByLabelText('End date');
    await user.clear(end);
    await user.type(end, '02/01/2026');
    expect(screen.getByText(rangeMessages.endBeforeStart)).toBeInTheDocument();
    expect(end).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Start date')).toHaveValue('10/03/2026');
    expect(screen.getByRole('status', { name: 'Range' })).toHaveTextContent('2026-03-10 2026-03-20');

    // The start moved back before it: the end typed is taken with it, and the message goes.
    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '01/01/2026' } });
    expect(screen.getByRole('status', { name: 'Range' })).toHaveTextContent('2026-01-01 2026-01-02');
    expect(screen.queryByText(rangeMessages.endBeforeStart)).not.toBeInTheDocument();
  });

  it('says a date that is not DD/MM/YYYY once the field is left, and clears it when corrected', async () => {
    render(<Picker />);
    const user = userEvent.setup();
    const start = screen.getByLabelText('Start date');
    await user.clear(start);
    await user.type(start, '2026-03-01');
    expect(screen.queryByText(rangeMessages.format)).not.toBeInTheDocument();
    await user.tab();
    expect(screen.getByText(rangeMessages.format)).toBeInTheDocument();
    await user.clear(start);
    await user.type(start, '01/03/2026');
    expect(screen.queryByText(rangeMessages.format)).not.toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Range' })).toHaveTextContent('2026-03-01 2026-03-20');
  });
});
