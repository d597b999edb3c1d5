import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { setRuntimeConfig } from '@/test/runtime';
import { DateTimeField, dateTimeMessages, dateTimeProblem, endProblem, pastProblem } from './date-time-field';

/** A start and an end as a form holds them, each field's value shown beside it as the form gets it. */
function Range({
  kind = 'dateTime',
  start = '',
  end = '',
}: {
  kind?: 'dateTime' | 'date';
  start?: string;
  end?: string;
}) {
  const [from, setFrom] = useState(start);
  const [to, setTo] = useState(end);
  return (
    <>
      <DateTimeField
        kind={kind}
        label="Starts at"
        calendarLabel="Pick the start"
        value={from}
        onChange={setFrom}
      />
      <DateTimeField
        kind={kind}
        label="Ends at"
        calendarLabel="Pick the end"
        value={to}
        onChange={setTo}
        error={endProblem(kind, from, to)}
      />
      <output aria-label="Values">{`${from}|${to}`}</output>
      <button type="button" onClick={() => setFrom('')}>
        Reset
      </button>
    </>
  );
}

const values = () => screen.getByRole('status', { name: 'Values' });

describe('DateTimeField', () => {
  it('shows a value as DD/MM/YYYY HH:MM, 24 h, its seconds only when set', () => {
    render(<Range start="2026-12-02T19:30:00" end="2026-12-02T21:05:09" />);
    expect(screen.getByLabelText('Starts at')).toHaveValue('02/12/2026 19:30');
    expect(screen.getByLabelText('Ends at')).toHaveValue('02/12/2026 21:05:09');
  });

  it('gives the form a datetime-local value for DD/MM/YYYY HH:MM typed, and tidies it when left', async () => {
    render(<Range />);
    const user = userEvent.setup();
    const start = screen.getByLabelText('Starts at');
    await user.type(start, '2/1/2027 7:05');
    expect(values()).toHaveTextContent('2027-01-02T07:05:00|');
    expect(start).toHaveValue('2/1/2027 7:05');
    await user.tab();
    expect(start).toHaveValue('02/01/2027 07:05');
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(start).toHaveValue('');
  });

  it('takes the day and time picked on the calendar and shows them as DD/MM/YYYY HH:MM', () => {
    const { container } = render(<Range />);
    const calendar = container.querySelector<HTMLInputElement>('input[type="datetime-local"]')!;
    expect(calendar).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByRole('button', { name: 'Pick the start' })).toBeInTheDocument();
    fireEvent.change(calendar, { target: { value: '2026-12-24T18:45' } });
    expect(values()).toHaveTextContent('2026-12-24T18:45:00|');
    expect(screen.getByLabelText('Starts at')).toHaveValue('24/12/2026 18:45');
  });

  it('says a date that is not DD/MM/YYYY HH:MM once left, and clears it when corrected', async () => {
    render(<Range />);
    const user = userEvent.setup();
    const start = screen.getByLabelText('Starts at');
    await user.type(start, '12/31/2026 19:30');
    expect(screen.queryByText(dateTimeMessages.dateTime)).not.toBeInTheDocument();
    await user.tab();
    expect(screen.getByText(dateTimeMessages.dateTime)).toBeInTheDocument();
    expect(start).toHaveAttribute('aria-invalid', 'true');
    expect(start).toHaveAccessibleDescription(dateTimeMessages.dateTime);
    // The form holds the text, which dateTimeProblem refuses: nothing half-read is sent.
    expect(values()).toHaveTextContent('12/31/2026 19:30|');
    expect(dateTimeProblem('dateTime', '12/31/2026 19:30')).toBe(dateTimeMessages.dateTime);
    await user.clear(start);
    await user.type(start, '31/12/2026 19:30');
    expect(screen.queryByText(dateTimeMessages.dateTime)).not.toBeInTheDocument();
    expect(values()).toHaveTextContent('2026-12-31T19:30:00|');
  });

  it('refuses an end before the start beside the end, moving neither, until one is corrected', async () => {
    render(<Range start="2026-12-02T19:30:00" />);
    const user = userEvent.setup();
    const end = screen.getByLabelText('Ends at');
    await user.type(end, '02/12/2026 18:00');
    expect(end).toHaveAccessibleDescription(dateTimeMessages.endBeforeStart);
    expect(screen.getByLabelText('Starts at')).toHaveValue('02/12/2026 19:30');
    expect(values()).toHaveTextContent('2026-12-02T19:30:00|2026-12-02T18:00:00');
    await user.clear(end);
    await user.type(end, '02/12/2026 19:30');
    expect(end).toHaveAccessibleDescription(dateTimeMessages.endBeforeStart);
    await user.clear(end);
    await user.type(end, '02/12/2026 21:00');
    expect(screen.queryByText(dateTimeMessages.endBeforeStart)).not.toBeInTheDocument();
  });

  it('reads days alone as DD/MM/YYYY, and lets a range of days end on its first day', async () => {
    render(<Range kind="date" start="2026-03-10" />);
    const user = userEvent.setup();
    expect(screen.getByLabelText('Starts at')).toHaveValue('10/03/2026');
    const end = screen.getByLabelText('Ends at');
    await user.type(end, '9/3/2026');
    expect(end).toHaveAccessibleDescription(dateTimeMessages.endDayBeforeStart);
    await user.clear(end);
    await user.type(end, '10/03/2026');
    expect(values()).toHaveTextContent('2026-03-10|2026-03-10');
    expect(screen.queryByText(dateTimeMessages.endDayBeforeStart)).not.toBeInTheDocument();
  });
});

describe('dateTimeProblem and endProblem', () => {
  it('accept a value with or without its seconds, and empty; refuse other text', () => {
    expect(dateTimeProblem('dateTime', '')).toBeUndefined();
    expect(dateTimeProblem('dateTime', '2026-12-02T19:30')).toBeUndefined();
    expect(dateTimeProblem('dateTime', '2026-12-02T19:30:00')).toBeUndefined();
    expect(dateTimeProblem('dateTime', '2026-02-30T19:30:00')).toBe(dateTimeMessages.dateTime);
    expect(dateTimeProblem('date', '2026-12-02')).toBeUndefined();
    expect(dateTimeProblem('date', '02/12/20')).toBe(dateTimeMessages.date);
    expect(endProblem('dateTime', '2026-12-02T19:30', '2026-12-02T19:30:01')).toBeUndefined();
    expect(endProblem('dateTime', '2026-12-02T19:30', '2026-12-02T19:30:00')).toBe(
      dateTimeMessages.endBeforeStart,
    );
    expect(endProblem('dateTime', '', '2026-12-02T19:30:00')).toBeUndefined();
    expect(endProblem('dateTime', '02/12', '2026-12-02T19:30:00')).toBeUndefined();
  });
});

describe('pastProblem', () => {
  it("says a date and time in the report's zone that is not after now, and nothing else", () => {
    setRuntimeConfig({ reportTimeZone: 'Asia/Kolkata' });
    // 19:30 in Kolkata is 14:00 UTC.
    const now = Date.parse('2026-12-24T14:00:00.000Z');
    expect(pastProblem('2026-12-24T19:30:00', now)).toBe(dateTimeMessages.past);
    expect(pastProblem('2026-12-24T19:29:00', now)).toBe(dateTimeMessages.past);
    expect(pastProblem('2026-12-24T19:31:00', now)).toBeUndefined();
    expect(pastProblem('', now)).toBeUndefined();
    expect(pastProblem('24/12', now)).toBeUndefined();
  });
});
