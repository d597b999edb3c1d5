import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answerMath } from '@/test/answer-math';
import { jsonResponse } from '@/test/runtime';
import { signedInScreenTests } from '@/test/signed-in-screen';
import { dateTimeMessages } from '@/ui/date-time-field';
import { openScreen } from './signed-in-app';
import { fillAddForm, testMatch as match, testMatchList as list } from './test-live-matches';

signedInScreenTests();

// A planned time that has passed is said beside its field in words, before anything is sent: the server
// refuses it too, but in its API's words ("plannedStart must be in the future").
describe('planned times that have passed', () => {
  it('are refused beside the field in the add form, sending nothing', async () => {
    const sent: FormData[] = [];
    openScreen('/add/liveMatch', {
      'GET /api/App/liveMatch/admin': list([], true),
      'POST /api/App/liveMatch/admin': (_url: string, init: RequestInit) => {
        sent.push(init.body as FormData);
        return jsonResponse({ status: true, message: 'Live match added successfully', data: match });
      },
    });
    const user = userEvent.setup();
    const form = await fillAddForm(user, 'Derby');
    const start = within(form).getByLabelText('Planned start (optional)');
    await user.type(start, '24/12/2020 19:30');
    await user.click(within(form).getByRole('button', { name: 'Add' }));
    expect(start).toHaveAccessibleDescription(expect.stringContaining(dateTimeMessages.past));
    expect(sent).toHaveLength(0);

    await user.clear(start);
    await user.type(start, '24/12/2099 19:30');
    await user.click(within(form).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.get('plannedStart')).toBe('2099-12-24T14:00:00.000Z');
  }, 20_000);

  it('are not checked again in an edit that leaves them as they were (a match that has started)', async () => {
    const sent: FormData[] = [];
    const started = { ...match, plannedStart: '2020-12-24T14:00:00.000Z' };
    openScreen('/add/liveMatch', {
      'GET /api/App/liveMatch/admin': list([started], true),
      'PUT /api/App/liveMatch/admin': (_url: string, init: RequestInit) => {
        sent.push(init.body as FormData);
        return jsonResponse({ status: true, message: 'Live match updated successfully', data: started });
      },
    });
    const user = userEvent.setup();
    const row = (await screen.findByText('Cup Final', {}, { timeout: 5000 })).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Edit Cup Final' }));
    const editing = screen.getByRole('row', { name: 'Editing Cup Final' });
    await user.clear(within(editing).getByLabelText('Edit title'));
    await user.type(within(editing).getByLabelText('Edit title'), 'Cup Final 2');
    await user.click(within(editing).getByRole('button', { name: 'Save' }));
    await answerMath();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.get('title')).toBe('Cup Final 2');
    expect(sent[0]!.get('plannedStart')).toBe(started.plannedStart);
  }, 20_000);
});
