import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answerMath } from '@/test/answer-math';
import { GIF, PNG } from '@/test/images';
import {
  askedToLeave,
  asksBeforeUnload,
  expectAskedBeforeLeaving,
  expectLeavesWithoutAsking,
  policyApi,
  stay,
} from '@/test/leave-guard';
import { mockApi, renderApp } from '@/test/render-app';
import { signedInApi, signedInScreenTests } from '@/test/signed-in-screen';
import { testInHouseAd, testInHouseList } from './test-inhouse-ads';

/**
 * The in-house create form and edit page ask before a move loses an ad not uploaded or changes not
 * updated; not once it is uploaded or updated, nor after the edit page's Cancel (issue 36).
 */

const one = testInHouseAd(3);
const LIST = '/manage/ads/inHouseAds/add';

signedInScreenTests();

function open(path: string) {
  mockApi({
    ...signedInApi,
    ...policyApi,
    'GET /api/App/inhouse/ads': testInHouseList([one]),
    [`GET /api/App/inhouse/ads/data/${one._id}`]: { status: true, message: 'In-house ad', data: one },
    'POST /api/App/inhouse/ads': { status: true, message: 'Upload successful!', data: one },
    'PUT /api/App/inhouse/ads': { status: true, message: 'Updated successfully!', data: one },
  });
  const view = renderApp(path);
  return { ...view, user: userEvent.setup({ applyAccept: false }) };
}

async function openCreateForm() {
  const opened = open(LIST);
  await opened.user.click(await screen.findByRole('button', { name: 'Create New Ad' }, { timeout: 15_000 }));
  return { ...opened, form: within(screen.getByRole('form', { name: 'Create New Ad' })) };
}

async function openEditPage() {
  const opened = open(`/manage/ads/inHouseAds/edit/${one._id}`);
  await screen.findByRole('heading', { name: 'Edit In House Ad' }, { timeout: 15_000 });
  return opened;
}

const noQuestion = () => expect(screen.queryByRole('dialog', { name: 'Unsaved changes' })).toBeNull();

describe('In-house create form: work not saved', { timeout: 30_000 }, () => {
  it('asks before the menu leaves a new ad: Cancel keeps it, Leave goes', async () => {
    const { router, user, form } = await openCreateForm();
    expect(asksBeforeUnload()).toBe(false);
    await user.type(form.getByLabelText('Call to action URL'), 'https://promo.example.com');
    expect(asksBeforeUnload()).toBe(true);

    await expectAskedBeforeLeaving({ user, router }, 'the new in-house ad', () =>
      expect(form.getByLabelText('Call to action URL')).toHaveValue('https://promo.example.com'),
    );
  });

  it('asks for a picked file alone, and not once the ad is uploaded', async () => {
    const { router, user, form } = await openCreateForm();
    await user.upload(form.getByLabelText('Icon'), new File([PNG], 'icon.png', { type: 'image/png' }));
    await waitFor(() => expect(asksBeforeUnload()).toBe(true));
    await stay(user, await askedToLeave(user, 'the new in-house ad'));

    await user.upload(form.getByLabelText('Image'), new File([GIF], 'ad.gif', { type: 'image/gif' }));
    await user.type(form.getByLabelText('Call to action URL'), 'https://promo.example.com');
    await user.click(form.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Create New Ad' })).toBeNull());
    await expectLeavesWithoutAsking({ user, router });
  });
});

describe('In-house edit page: changes not updated', { timeout: 30_000 }, () => {
  it('asks before the Back button or the menu leaves them: Cancel keeps them, Leave goes', async () => {
    const { router, user } = await openEditPage();
    expect(asksBeforeUnload()).toBe(false);
    await user.type(screen.getByLabelText('Subtitle'), ' new');
    expect(asksBeforeUnload()).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Back to in-house ads' }));
    await stay(user, await screen.findByRole('dialog', { name: 'Unsaved changes' }));
    await expectAskedBeforeLeaving({ user, router }, 'the in-house ad', () =>
      expect(screen.getByLabelText('Subtitle')).toHaveValue('Sub 3 new'),
    );
  });

  it('does not ask for fields put back, nor on Cancel, which drops the changes', async () => {
    const { router, user } = await openEditPage();
    await user.type(screen.getByLabelText('Title'), 'x');
    await user.type(screen.getByLabelText('Title'), '{Backspace}');
    expect(asksBeforeUnload()).toBe(false);

    await user.type(screen.getByLabelText('Title'), ' renamed');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(LIST));
    noQuestion();
  });

  it('returns to the list after the update without asking', async () => {
    const { router, user } = await openEditPage();
    await user.type(screen.getByLabelText('Title'), ' renamed');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await answerMath();
    await waitFor(() => expect(router.state.location.pathname).toBe(LIST));
    noQuestion();
    // The edit page goes once the list has come in its place.
    await waitFor(() => expect(asksBeforeUnload()).toBe(false));
  });
});
