import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { editVersionMessages } from '@streamdesk/contract/edit-versions';
import { describe, expect, it } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { answerMath } from '@/test/answer-math';
import { PNG } from '@/test/images';
import { mockApi, renderApp } from '@/test/render-app';
import { jsonResponse } from '@/test/runtime';
import { signedInApi as shell, signedInScreenTests } from '@/test/signed-in-screen';
import { testInHouseAd, testInHouseList } from './test-inhouse-ads';

/** Edit conflicts (docs/decisions/0009-edit-conflicts.md) on the in-house ad edit page. */

// Lazy pages and the auth check come first: allow for a busy machine.
configure({ asyncUtilTimeout: 5000 });
signedInScreenTests();

const refusal = editVersionMessages.changed('in-house ad');
const ad = testInHouseAd(3, { callToAction: 'https://example.com/old' });
const listReply = testInHouseList([ad]);

describe('in-house ad edit page: a save refused because another admin changed the ad', () => {
  it('keeps the values on screen and Update held until Reload, which starts the form from the ad afresh', async () => {
    let stored = { data: ad, version: '1111111111111111' };
    const sent: FormData[] = [];
    mockApi({
      ...shell,
      'GET /api/App/inhouse/ads': listReply,
      [`GET /api/App/inhouse/ads/data/${ad._id}`]: () =>
        jsonResponse({ status: true, message: 'In-house ad', ...stored }),
      'PUT /api/App/inhouse/ads': (_url: string, init: RequestInit) => {
        const form = init.body as FormData;
        sent.push(form);
        if (form.get('version') !== stored.version)
          return jsonResponse({ status: false, message: refusal }, 409);
        return jsonResponse({ status: true, message: 'Updated successfully!', data: stored.data });
      },
    });
    const { router } = renderApp(`/manage/ads/inHouseAds/edit/${ad._id}`);
    const user = userEvent.setup({ applyAccept: false });
    const title = await screen.findByLabelText('Title');
    await user.clear(title);
    await user.type(title, 'Mine');
    await user.upload(screen.getByLabelText('New image'), new File([PNG], 'new.png', { type: 'image/png' }));

    // Another admin changes the call to action meanwhile; a background reload does not touch the draft.
    stored = {
      data: { ...ad, callToAction: 'https://example.com/b', updatedAt: '2026-11-22T06:00:00.000Z' },
      version: '2222222222222222',
    };
    await queryClient.invalidateQueries({ queryKey: ['inhouse-ads'] });
    expect(screen.getByLabelText('Title')).toHaveValue('Mine');
    expect(screen.getByLabelText('Call to action URL')).toHaveValue('https://example.com/old');

    await user.click(screen.getByRole('button', { name: 'Update' }));
    await answerMath();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.get('version')).toBe('1111111111111111');
    expect(sent[0]!.get('mainTitle')).toBe('Mine');
    expect(sent[0]!.get('image')).toBeInstanceOf(File);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(refusal);
    // And the error toast, once (the alert's text goes on with its note).
    expect(screen.getAllByText(refusal)).toHaveLength(1);
    expect(alert).toHaveTextContent('Your values stay here until you reload.');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    // The admin's values stay, the page stays, and Update is held.
    expect(screen.getByLabelText('Title')).toHaveValue('Mine');
    expect(screen.getByText(/new\.png/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update' })).toBeDisabled();
    expect(router.state.location.pathname).toBe(`/manage/ads/inHouseAds/edit/${ad._id}`);

    await user.click(within(alert).getByRole('button', { name: 'Reload the ad' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Call to action URL')).toHaveValue('https://example.com/b'),
    );
    expect(screen.getByLabelText('Title')).toHaveValue('Ad-3');
    expect(screen.queryByText(/new\.png/)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'Update' })).toBeEnabled();

    await user.clear(screen.getByLabelText('Title'));
    await user.type(screen.getByLabelText('Title'), 'Mine');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await answerMath();
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]!.get('version')).toBe('2222222222222222');
    expect(sent[1]!.get('callToAction')).toBe('https://example.com/b');
    expect(await screen.findByText('Updated successfully!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/manage/ads/inHouseAds/add'));
  }, 30_000);
});
