import { storyMessages } from '@streamdesk/contract/stories';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answerWrongThenRight } from '@/test/answer-math';
import { mockApi, renderApp } from '@/test/render-app';
import { jsonResponse } from '@/test/runtime';
import { signedInScreenTests, signedInApi as base } from '@/test/signed-in-screen';
import { storyListReply, storyRow } from '../test-stories';

const story = storyRow(1);
const id = story._id;

signedInScreenTests();

describe('Story edit page', () => {
  it('sends the update only after the right answer, then returns to the top of the list', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const put = vi.fn(() => jsonResponse({ status: true, message: 'Story updated successfully!' }));
    mockApi({
      ...base,
      'GET /api/App/story/video/find': { status: true, message: 'ok', data: story },
      'GET /api/App/all/only/story/video': storyListReply([]),
      'PUT /api/App/Edit/story/video': put,
    });
    const { router } = renderApp(`/update/story/video/${id}`);
    const name = await screen.findByLabelText('Button Name', undefined, { timeout: 8000 });
    await userEvent.clear(name);
    await userEvent.type(name, 'Watch');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      screen.getByText('You are about to update Story. To confirm, please solve this math problem'),
    ).toBeInTheDocument();

    await answerWrongThenRight('Captcha answer is not correct', put);
    const form = (put.mock.calls[0] as unknown as [string, RequestInit])[1].body as FormData;
    expect(JSON.parse(String(form.get('insertData')))).toMatchObject({ btnName: 'Watch' });
    expect(await screen.findByText('Story updated successfully!')).toBeInTheDocument();
    // Until the page leaves, Save is held: the update cannot be asked for again.
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await waitFor(() => expect(router.state.location.pathname).toBe('/add/story/video'), { timeout: 3000 });
    expect(router.state.historyAction).toBe('PUSH');
    expect(scrollTo).toHaveBeenCalledWith({ top: 0 });
  });

  it('shows every problem under its field and focuses the first, before any confirmation', async () => {
    const put = vi.fn(() => jsonResponse({ status: true, message: 'Story updated successfully!' }));
    mockApi({
      ...base,
      'GET /api/App/story/video/find': { status: true, message: 'ok', data: story },
      'PUT /api/App/Edit/story/video': put,
    });
    const user = userEvent.setup();
    renderApp(`/update/story/video/${id}`);
    const name = await screen.findByLabelText('Button Name', undefined, { timeout: 8000 });
    const url = screen.getByLabelText('Button URL');
    await user.clear(name);
    await user.clear(url);
    await user.type(url, 'e.com/offer');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription(storyMessages.btnNameRequired);
    expect(url).toHaveAttribute('aria-invalid', 'true');
    expect(url).toHaveAccessibleDescription(storyMessages.btnUrlInvalid);
    await waitFor(() => expect(name).toHaveFocus());
    // The story keeps its image: no file is asked for.
    expect(screen.getByLabelText('Replace image (PNG, JPG, JPEG)')).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(put).not.toHaveBeenCalled();
  });
});
