import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DateRangePicker, editedRange, type RangeSelection } from './date-range-picker';

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

  it('moves both ends when one is moved past the other', () => {
    expect(editedRange(range, 'startDate', '2026-04-01')).toEqual({
      startDate: '2026-04-01',
      endDate: '2026-04-01',
      preset: 'custom',
    });
    expect(editedRange(range, 'endDate', '2026-02-01')).toEqual({
      startDate: '2026-02-01',
      endDate: '2026-02-01',
      preset: 'custom',
    });
  });
});

function Picker() {
  const [value, setValue] = useState<RangeSelection>({ ...range, preset: 'custom' });
  return <DateRangePicker value={value} onChange={setValue} />;
}

describe('DateRangePicker', () => {
  it('never shows a start after the end, however the date was entered', () => {
    render(<Picker />);
    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '2026-05-05' } });
    expect(screen.getByLabelText('Start date')).toHaveValue('2026-05-05');
    expect(screen.getByLabelText('End date')).toHaveValue('2026-05-05');
    fireEvent.change(screen.getByLabelText('End date'), { target: { value: '2026-01-02' } });
    expect(screen.getByLabelText('Start date')).toHaveValue('2026-01-02');
    expect(screen.getByLabelText('End date')).toHaveValue('2026-01-02');
  });
});
