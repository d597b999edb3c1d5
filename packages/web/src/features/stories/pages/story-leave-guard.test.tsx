import { storyMessages } from '@streamdesk/contract/stories';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { answerMath } from '@/test/answer-math';
import { FakeXhr, stubXhr } from '@/test/fake-xhr';
import * as leave from '@/test/leave-guard';
import { mockApi, renderApp } from '@/test/render-app';
import { signedInScreenTests, signedInApi as base } from '@/test/signed-in-screen';
import { storyListReply, storyRow } from '../test-stories';

/** The story forms ask before a move loses what was typed or picked, and not once it is saved (issue 36). */

const story = storyRow(1);
const clip = () => new File(['mp4 bytes'], 'clip.mp4', { type: 'video/mp4' });

/** The story screen at `path`, over a server with one story and empty lists. */
function open(path: string) {
  mockApi({
    ...base,
    ...leave.policyApi,
    'GET /api/App/all/only/story/video': storyListReply([]),
    'GET /api/App/all/only/story/ads': storyListReply([]),
    'GET /api/App/story/video/find': {
      status: true,
      message: 'ok',
      data: story,
      version: '1111111111111111',
    },
    'PUT /api/App/Edit/story/video': { status: true, message: 'Story updated successfully!' },
  });
  return { ...renderApp(path), user: userEvent.setup() };
}

const addForm = async (name: string) => within(await screen.findByRole('form', { name }, { timeout: 8000 }));

signedInScreenTests();
beforeEach(() => {
  stubXhr();
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});

describe('Story add form: work not uploaded', { timeout: 40_000 }, () => {
  it('asks before the menu leaves it: Cancel keeps the values, Leave goes', async () => {
    const page = open('/add/story/video');
    const form = await addForm('Add Story');
    expect(leave.asksBeforeUnload()).toBe(false);
    await page.user.type(form.getByLabelText('Button Name'), 'Watch');
    await leave.expectAskedBeforeLeaving(page, 'the new story', () =>
      expect(form.getByLabelText('Button Name')).toHaveValue('Watch'),
    );
  });

  it('counts a picked file as work, and a form typed back to how it opened as none', async () => {
    const page = open('/add/story/Ad');
    const form = await addForm('Add Story Ad');
    await page.user.upload(form.getByLabelText('Video file (MP4)'), clip());
    await leave.stay(page.user, await leave.askedToLeave(page.user, 'the new story ad'));

    await page.user.click(form.getByRole('button', { name: 'Clear' }));
    await page.user.type(form.getByLabelText('Button URL'), 'x');
    await page.user.clear(form.getByLabelText('Button URL'));
    await leave.expectLeavesWithoutAsking(page);
  });

  it('does not ask once the story is added', async () => {
    const page = open('/add/story/video');
    const form = await addForm('Add Story');
    await page.user.type(form.getByLabelText('Button Name'), 'Watch');
    await page.user.type(form.getByLabelText('Button URL'), 'https://e.com/watch');
    await page.user.upload(form.getByLabelText('Video file (MP4)'), clip());
    await page.user.click(form.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(FakeXhr.made).toHaveLength(1));
    FakeXhr.made[0]!.respond(200, JSON.stringify({ status: true, message: storyMessages.added }));
    expect(await screen.findByText(storyMessages.added)).toBeInTheDocument();
    // Within the second before the page opens afresh: the form still shows what was sent.
    await leave.expectLeavesWithoutAsking(page);
  });
});

describe('Story edit page: changes not saved', { timeout: 40_000 }, () => {
  const openEdit = async () => {
    const page = open(`/update/story/video/${story._id}`);
    const name = await screen.findByLabelText('Button Name', undefined, { timeout: 8000 });
    return { ...page, name };
  };

  it('asks before the menu leaves them: Cancel keeps them, Leave goes', async () => {
    const page = await openEdit();
    expect(leave.asksBeforeUnload()).toBe(false);
    await page.user.type(page.name, ' now');
    await leave.expectAskedBeforeLeaving(page, 'the story', () =>
      expect(screen.getByLabelText('Button Name')).toHaveValue('Go now'),
    );
  });

  it("asks for the status toggle too, and not for the page's own Cancel, which drops the changes", async () => {
    const { router, user } = await openEdit();
    await user.click(screen.getByRole('switch', { name: 'Status' }));
    await leave.stay(user, await leave.askedToLeave(user, 'the story'));

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/add/story/video'));
    expect(screen.queryByRole('dialog', { name: 'Unsaved changes' })).toBeNull();
  });

  it('does not ask after a successful save, nor for its return to the list', async () => {
    const { router, user, name } = await openEdit();
    await user.type(name, ' now');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await answerMath();
    expect(await screen.findByText('Story updated successfully!')).toBeInTheDocument();
    await waitFor(() => expect(leave.asksBeforeUnload()).toBe(false));
    // The save's own return to the list, a second later, goes without a question.
    await waitFor(() => expect(router.state.location.pathname).toBe('/add/story/video'), { timeout: 3000 });
    expect(screen.queryByRole('dialog', { name: 'Unsaved changes' })).toBeNull();
  });
});
