import { editVersionMessages } from '@streamdesk/contract/edit-versions';
import { storyMessages, type Story } from '@streamdesk/contract/stories';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answerMath, answerWrongThenRight } from '@/test/answer-math';
import { mockApi, renderApp } from '@/test/render-app';
import { jsonResponse } from '@/test/runtime';
import { signedInScreenTests, signedInApi as base } from '@/test/signed-in-screen';
import { storyListReply, storyRow } from '../test-stories';

const story = storyRow(1);
const id = story._id;

signedInScreenTests();

describe('Story edit page', () => {
  it('shows the View and Click counts as read-only text, not as fields', async () => {
    mockApi({
      ...base,
      'GET /api/App/story/video/find': { status: true, message: 'ok', data: { ...story, view: 1500 } },
    });
    renderApp(`/update/story/video/${id}`);
    expect(
      await screen.findByRole('definition', { name: 'View Count' }, { timeout: 8000 }),
    ).toHaveTextContent('1.5k');
    expect(screen.getByRole('definition', { name: 'Click Count' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'View Count' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Click Count' })).toBeNull();
  });

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
  it('a save of a story deleted meanwhile says so and keeps the page and the draft (no /Error)', async () => {
    let deleted = false;
    const find = vi.fn(() =>
      deleted
        ? jsonResponse({ status: false, message: storyMessages.notFound }, 404)
        : jsonResponse({ status: true, message: 'ok', data: story }),
    );
    mockApi({
      ...base,
      'GET /api/App/story/video/find': find,
      'GET /api/App/all/only/story/video': storyListReply([]),
      'PUT /api/App/Edit/story/video': () =>
        jsonResponse({ status: false, message: storyMessages.notFound }, 404),
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    const { router } = renderApp(`/update/story/video/${id}`);
    const name = await screen.findByLabelText('Button Name', undefined, { timeout: 8000 });
    deleted = true;
    await user.clear(name);
    await user.type(name, 'Mine');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await answerMath();
    expect(await screen.findByText(storyMessages.notFound)).toBeInTheDocument();
    // The save's 404 reloads every query; the story's own reload fails, and is only logged.
    // (and its one retry, a second later).
    await waitFor(() => expect(find).toHaveBeenCalledTimes(3), { timeout: 4000 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(router.state.location.pathname).toBe(`/update/story/video/${id}`);
    expect(screen.getByLabelText('Button Name')).toHaveValue('Mine');
  });

  it('refuses a save of a story changed since it opened: the toast, Save held, and Reload starts afresh', async () => {
    const conflict = editVersionMessages.changed('story');
    // The stored story: what this page loads first, then what another admin made of it.
    let stored: { data: Story; version: string } = { data: story, version: '1111111111111111' };
    const find = vi.fn(() => jsonResponse({ status: true, message: 'ok', ...stored }));
    const put = vi.fn((_url: string, init: RequestInit) => {
      const sent = (init.body as FormData).get('version');
      return sent === stored.version
        ? jsonResponse({ status: true, message: 'Story updated successfully!', data: stored.data })
        : jsonResponse({ status: false, message: conflict }, 409);
    });
    mockApi({
      ...base,
      'GET /api/App/story/video/find': find,
      'GET /api/App/all/only/story/video': storyListReply([]),
      'PUT /api/App/Edit/story/video': put,
    });
    const user = userEvent.setup();
    const { router } = renderApp(`/update/story/video/${id}`);
    const name = await screen.findByLabelText('Button Name', undefined, { timeout: 8000 });
    stored = {
      data: { ...story, btnUrl: 'https://e.com/new', web_Url: 'https://e.com/new', status: false },
      version: '2222222222222222',
    };

    await user.clear(name);
    await user.type(name, 'Mine');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await answerMath();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(conflict);
    const toast = (await screen.findAllByText(conflict)).find((el) => el.closest('[data-sonner-toast]'));
    expect(toast).toBeDefined();
    expect((put.mock.calls[0]![1].body as FormData).get('version')).toBe('1111111111111111');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(router.state.location.pathname).toBe(`/update/story/video/${id}`);

    // Reload: the story as stored now, the draft gone, Save free again.
    await user.click(within(alert).getByRole('button', { name: 'Reload the story' }));
    await waitFor(() => expect(screen.getByLabelText('Button URL')).toHaveValue('https://e.com/new'));
    expect(screen.getByLabelText('Button Name')).toHaveValue(story.btnName);
    expect(screen.getByRole('switch', { name: 'Status' })).not.toBeChecked();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();

    await user.clear(screen.getByLabelText('Button Name'));
    await user.type(screen.getByLabelText('Button Name'), 'Mine');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await answerMath();
    expect(await screen.findByText('Story updated successfully!')).toBeInTheDocument();
    const second = put.mock.calls[1]![1].body as FormData;
    expect(second.get('version')).toBe('2222222222222222');
    expect(JSON.parse(String(second.get('insertData')))).toMatchObject({
      btnName: 'Mine',
      btnUrl: 'https://e.com/new',
      status: false,
    });
  });
});
