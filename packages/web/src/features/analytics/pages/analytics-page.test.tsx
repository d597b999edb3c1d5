import { quickRange } from '@streamdesk/contract/date-ranges';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { mockApi, renderApp } from '@/test/render-app';
import { signedInScreenTests, signedInApi as base } from '@/test/signed-in-screen';

signedInScreenTests();

const reply = { status: true, message: 'ok', views_data: [], clicks_data: [], totalViews: 0, totalClicks: 0 };

/** Opens the dashboard of `a1` at `search`; returns the router and the ranges the dashboard asked for. */
async function open(search: string) {
  const fetchMock = mockApi({ ...base, 'GET /api/admin/view/dashbord/a1': reply });
  const view = renderApp(`/views/dashboard/a1${search}`);
  await screen.findByRole('heading', { name: 'View & Click Analytics' }, { timeout: 15_000 });
  const asked = () =>
    fetchMock.mock.calls
      .map(([url]) => String(url))
      .filter((url) => url.includes('/dashbord/'))
      .map((url) => url.split('?')[1]);
  return { ...view, asked };
}

const pressed = () =>
  screen
    .queryAllByRole('button', { pressed: true })
    .map((b) => b.textContent)
    .join();

describe('figures that could not be loaded', () => {
  it('say so, with dashes rather than 00 in the cards', async () => {
    // No handler for the dashboard: every call to it fails as a network failure would.
    mockApi({ ...base });
    renderApp('/views/dashboard/a1?q=Promo');
    expect(await screen.findByRole('alert', {}, { timeout: 15_000 })).toHaveTextContent(
      'Internet Server Error',
    );
    const views = screen.getByRole('region', { name: 'Views' });
    expect(views).toHaveTextContent('Not loaded');
    expect(views).not.toHaveTextContent('00');
  }, 30_000);
});

describe('the dashboard range in the URL', () => {
  it('opens on the quick range the link carries', async () => {
    const month = quickRange('thisMonth');
    const { asked } = await open(
      `?q=Promo&adsType=web&startDate=${month.startDate}&endDate=${month.endDate}`,
    );
    expect(pressed()).toBe('This Month');
    await waitFor(() => expect(asked()).toEqual([`startDate=${month.startDate}&endDate=${month.endDate}`]));
  }, 30_000);

  it('opens on a custom range, and on Today without one or with a range that is not one', async () => {
    const first = await open('?q=Promo&adsType=web&startDate=2026-01-05&endDate=2026-01-20');
    expect(pressed()).toBe('');
    expect(screen.getByLabelText('Start date')).toHaveValue('2026-01-05');
    expect(screen.getByLabelText('End date')).toHaveValue('2026-01-20');
    await waitFor(() => expect(first.asked()).toEqual(['startDate=2026-01-05&endDate=2026-01-20']));
    first.unmount();

    const today = quickRange('today');
    for (const search of [
      '',
      '?startDate=2026-01-20&endDate=2026-01-05',
      '?startDate=2026-02-30&endDate=2026-03-01',
    ]) {
      const view = await open(search);
      expect(pressed()).toBe('Today');
      await waitFor(() =>
        expect(view.asked()).toEqual([`startDate=${today.startDate}&endDate=${today.endDate}`]),
      );
      view.unmount();
      queryClient.clear();
    }
  }, 30_000);
});
