import { expect, test } from '../fixtures.js';
import { askCancelThenLeave } from './leave-guard-helpers.js';

/**
 * A live match row's inline edit and the in-house ad edit page ask before a sidebar link drops what is
 * typed: Cancel stays with the text, 'Leave without saving' goes and nothing is saved (issue 36).
 */

test('a live match row edited inline asks before a sidebar link leaves it', async ({
  signedInPage: page,
  api,
  media,
}) => {
  const added = await api.upload(
    'POST',
    '/api/App/liveMatch/admin',
    { title: 'Guarded Derby', url: 'https://stream.example.com/derby' },
    { image: media.png },
  );
  const id = (added.data as { _id: string })._id;
  try {
    await page.goto('/add/liveMatch');
    await page.getByRole('button', { name: 'Edit Guarded Derby', exact: true }).click();
    const title = page.getByRole('row', { name: 'Editing Guarded Derby' }).getByLabel('Edit title');
    await title.fill('Guarded Derby, replay');

    await askCancelThenLeave(
      page,
      'the live match being edited',
      () => expect(title).toHaveValue('Guarded Derby, replay'),
      'leave-guard-live-match-row',
    );
    const list = await api.call('GET', '/api/App/liveMatch/admin?page=1&limit=100');
    expect((list.data as { _id: string; title: string }[]).find((m) => m._id === id)?.title).toBe(
      'Guarded Derby',
    );
  } finally {
    await api.call('DELETE', '/api/App/liveMatch/admin', { body: { id: [id] }, seal: true });
  }
});

test('the in-house ad edit page asks before a sidebar link leaves it', async ({
  signedInPage: page,
  api,
  media,
}) => {
  const added = await api.upload(
    'POST',
    '/api/App/inhouse/ads',
    {
      mainTitle: 'Guarded promo',
      subTitle: 'Guarded subtitle',
      description: 'Guarded description',
      callToAction: 'https://example.com/guarded',
      web_stay_time: '3',
    },
    { icon: media.png, image: media.png },
  );
  const id = (added.data as { _id: string })._id;
  try {
    await page.goto(`/manage/ads/inHouseAds/edit/${id}`);
    const subtitle = page.getByLabel('Subtitle');
    await expect(subtitle).toHaveValue('Guarded subtitle');
    await subtitle.fill('Guarded subtitle, half price');

    await askCancelThenLeave(
      page,
      'the in-house ad',
      () => expect(subtitle).toHaveValue('Guarded subtitle, half price'),
      'leave-guard-inhouse-edit',
    );
    const stored = await api.call('GET', `/api/App/inhouse/ads/data/${id}`);
    expect((stored.data as { subTitle: string }).subTitle).toBe('Guarded subtitle');
  } finally {
    await api.call('DELETE', '/api/App/inhouse/ads', { body: { id: [id] }, seal: true });
  }
});
