import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { videoMessages } from '@streamdesk/contract/videos';
import { describe, expect, it, vi } from 'vitest';
import { answerMath } from '@/test/answer-math';
import { mockApi, renderApp } from '@/test/render-app';
import { jsonResponse } from '@/test/runtime';
import { signedInApi, signedInScreenTests } from '@/test/signed-in-screen';
import { categories, onePage, video } from './library-test-data';

signedInScreenTests();

/** The library with videos 1 and 2 off the web; a web change is stored and the next read shows it. */
function library() {
  const web = new Map([
    ['v1', false],
    ['v2', false],
  ]);
  const put = vi.fn((_url: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body)) as { id: string[]; status: boolean };
    for (const id of body.id) web.set(id, body.status);
    return jsonResponse({ status: true, message: 'ok', modified: body.id.length });
  });
  mockApi({
    ...signedInApi,
    'GET /api/App/video/category': categories,
    'GET /api/App/video/category/admin/all': () =>
      jsonResponse(onePage([...web].map(([id, on]) => video(Number(id.slice(1)), on)))),
    'PUT /api/App/video/web/status': put,
  });
  return put;
}

describe('Video Library: Enable and Disable Web ask first (0055)', { timeout: 30_000 }, () => {
  it("a row's Enable Web asks; Cancel sends nothing, the right answer enables it", async () => {
    const put = library();
    const user = userEvent.setup();
    renderApp('/show/video');
    await user.click(
      await screen.findByRole('button', { name: 'Enable web for Video 1' }, { timeout: 8000 }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Change status' });
    expect(
      within(dialog).getByText(
        'You are about to enable web access for 1 video. To confirm, please solve this math problem',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(put).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Enable web for Video 1' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Enable web for Video 1' }));
    await answerMath({ wrong: true, title: 'Change status' });
    expect(await screen.findByText('Captcha answer is not correct')).toBeInTheDocument();
    expect(put).not.toHaveBeenCalled();
    await answerMath({ title: 'Change status' });
    expect(await screen.findByText(videoMessages.webUpdated(true, 1))).toBeInTheDocument();
    expect(put).toHaveBeenCalledOnce();
    expect(await screen.findByRole('button', { name: 'Disable web for Video 1' })).toBeInTheDocument();
  });

  it('the bulk Disable Web names how many videos; with none selected it only says to select', async () => {
    const put = library();
    const user = userEvent.setup();
    renderApp('/show/video');
    await user.click(await screen.findByRole('button', { name: 'Disable Web (0)' }, { timeout: 8000 }));
    expect(await screen.findByText(videoMessages.selectToUpdate)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    await user.click(screen.getByRole('button', { name: 'Disable Web (2)' }));
    expect(
      within(screen.getByRole('dialog', { name: 'Change status' })).getByText(
        'You are about to disable web access for 2 videos. To confirm, please solve this math problem',
      ),
    ).toBeInTheDocument();
    await answerMath({ title: 'Change status' });
    await waitFor(() => expect(put).toHaveBeenCalledOnce());
  });
});
