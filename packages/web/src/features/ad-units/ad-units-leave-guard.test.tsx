import { adMessages } from '@streamdesk/contract/ad-units';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answerMath } from '@/test/answer-math';
import {
  asksBeforeUnload,
  expectAskedBeforeDropping,
  expectAskedBeforeLeaving,
  expectLeavesWithoutAsking,
  policyApi,
} from '@/test/leave-guard';
import { mockApi, renderApp } from '@/test/render-app';
import { signedInApi, signedInScreenTests } from '@/test/signed-in-screen';

/**
 * An ad units screen asks before a move loses a new ad not submitted or a row's edit not saved; not
 * once it is submitted, saved or cancelled (issue 36). Every row edits in place: the question comes
 * whichever of them holds the work.
 */

const ads = [
  { _id: 'a1', a_name: 'Home', a_id: 'ca-app-pub-1/2', a_description: 'home feed' },
  { _id: 'a2', a_name: 'Detail', a_id: 'ca-app-pub-3/4', a_description: 'after a video' },
];

signedInScreenTests();

async function openBannerAds() {
  mockApi({
    ...signedInApi,
    ...policyApi,
    'GET /api/ios/ads/banner/admin/get': { status: true, message: 'ok', data: ads },
    'POST /api/ios/ads/banner/add': { status: true, message: adMessages.added, data: ads[0] },
    'PUT /api/ios/ads/banner/update/a1': { status: true, message: 'Ad updated successfully', data: ads[0] },
  });
  const view = renderApp('/manage/ads/ios/bannerAds/add');
  const table = within(await screen.findByRole('table', { name: 'Apple Banner Ads' }, { timeout: 15_000 }));
  await table.findByText('Home');
  return { ...view, table, user: userEvent.setup() };
}

const firstRow = (table: ReturnType<typeof within>) => within(table.getByText('Home').closest('tr')!);

describe('Ad units: work not saved', { timeout: 30_000 }, () => {
  it('asks before the menu leaves a new ad: Cancel keeps it, Leave goes', async () => {
    const { router, user } = await openBannerAds();
    await user.click(screen.getByRole('button', { name: '+ Add Banner Ads' }));
    const form = within(screen.getByRole('form', { name: 'Add ad' }));
    await user.type(form.getByLabelText('Ad Name'), 'Launch');
    expect(asksBeforeUnload()).toBe(true);

    await expectAskedBeforeLeaving({ user, router }, 'the new ad', () =>
      expect(form.getByLabelText('Ad Name')).toHaveValue('Launch'),
    );
  });

  it('does not ask once the new ad is submitted', async () => {
    const { router, user } = await openBannerAds();
    await user.click(screen.getByRole('button', { name: '+ Add Banner Ads' }));
    const form = within(screen.getByRole('form', { name: 'Add ad' }));
    await user.type(form.getByLabelText('Ad Name'), 'Launch');
    await user.type(form.getByLabelText('Ad ID'), 'ca-app-pub-5/6');
    await user.type(form.getByLabelText('Description'), 'at start');
    await user.click(form.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Add ad' })).toBeNull());
    await expectLeavesWithoutAsking({ user, router });
  });

  it("asks before the menu leaves a row's edit, not once cancelled: Cancel keeps it, Leave goes", async () => {
    const { router, table, user } = await openBannerAds();
    await user.click(firstRow(table).getByRole('button', { name: 'Edit' }));
    await user.type(firstRow(table).getByLabelText('Ad Description'), ' top');
    await user.click(firstRow(table).getByRole('button', { name: 'Cancel' }));
    expect(asksBeforeUnload()).toBe(false);

    await user.click(firstRow(table).getByRole('button', { name: 'Edit' }));
    await user.type(firstRow(table).getByLabelText('Ad Description'), ' top');
    await expectAskedBeforeLeaving({ user, router }, 'the ad being edited', () =>
      expect(firstRow(table).getByLabelText('Ad Description')).toHaveValue('home feed top'),
    );
  });

  it("does not ask once a row's edit is saved", async () => {
    const { router, table, user } = await openBannerAds();
    await user.click(firstRow(table).getByRole('button', { name: 'Edit' }));
    await user.type(firstRow(table).getByLabelText('Ad Description'), ' top');
    await user.click(firstRow(table).getByRole('button', { name: 'Save' }));
    await answerMath();
    await waitFor(() => expect(firstRow(table).queryByLabelText('Ad Description')).toBeNull());
    await expectLeavesWithoutAsking({ user, router });
  });

  it('keeps one row in edit at a time: Edit on another row ends the first', async () => {
    const { table, user } = await openBannerAds();
    const secondRow = within(table.getByText('Detail').closest('tr')!);
    await user.click(firstRow(table).getByRole('button', { name: 'Edit' }));
    await user.click(secondRow.getByRole('button', { name: 'Edit' }));
    expect(table.getAllByRole('button', { name: 'Save' })).toHaveLength(1);
    expect(secondRow.getByLabelText('Ad Description')).toHaveValue('after a video');
    expect(firstRow(table).queryByLabelText('Ad Description')).toBeNull();
    expect(firstRow(table).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
  });

  it('asks before Edit on another row drops a changed row: Cancel keeps it in edit, Leave opens the other', async () => {
    const { table, user } = await openBannerAds();
    const secondRow = within(table.getByText('Detail').closest('tr')!);
    await user.click(firstRow(table).getByRole('button', { name: 'Edit' }));
    await user.type(firstRow(table).getByLabelText('Ad Description'), ' top');
    await expectAskedBeforeDropping(
      user,
      'the ad being edited',
      () => user.click(secondRow.getByRole('button', { name: 'Edit' })),
      {
        kept: () => {
          expect(firstRow(table).getByLabelText('Ad Description')).toHaveValue('home feed top');
          expect(secondRow.queryByLabelText('Ad Description')).toBeNull();
        },
        went: async () => {
          await waitFor(() =>
            expect(secondRow.getByLabelText('Ad Description')).toHaveValue('after a video'),
          );
          expect(firstRow(table).queryByLabelText('Ad Description')).toBeNull();
        },
      },
    );
  });

  it('saves a row on Enter (through the confirmation) and cancels it on Esc, focus back on its Edit', async () => {
    const { table, user } = await openBannerAds();
    await user.click(firstRow(table).getByRole('button', { name: 'Edit' }));
    await user.type(firstRow(table).getByLabelText('Ad Description'), ' top{Escape}');
    expect(firstRow(table).queryByLabelText('Ad Description')).toBeNull();
    expect(firstRow(table).getByRole('button', { name: 'Edit' })).toHaveFocus();

    await user.click(firstRow(table).getByRole('button', { name: 'Edit' }));
    await user.type(firstRow(table).getByLabelText('Ad Description'), ' top{Enter}');
    await answerMath();
    await waitFor(() => expect(firstRow(table).queryByLabelText('Ad Description')).toBeNull());
    await waitFor(() => expect(firstRow(table).getByRole('button', { name: 'Edit' })).toHaveFocus());
  });
});
