import { analyticsMessages, type DashboardReply } from '@streamdesk/contract/analytics';
import { quickRange } from '@streamdesk/contract/date-ranges';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { mockApi, renderApp } from '@/test/render-app';
import { setRuntimeConfig } from '@/test/runtime';
import { signedInScreenTests, signedInApi as base } from '@/test/signed-in-screen';

signedInScreenTests();

const reply: DashboardReply = {
  status: true,
  message: 'ok',
  views_data: [],
  clicks_data: [],
  totalViews: 0,
  totalClicks: 0,
};

/** Opens the dashboard of `a1` at `search`; returns the router and the ranges the dashboard asked for. */
async function open(search: string, answer: DashboardReply = reply) {
  const fetchMock = mockApi({ ...base, 'GET /api/admin/view/dashbord/a1': answer });
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

describe('an id that names no ad', () => {
  /** The server's answer to the dashboard of an id that names nothing counted (0093). */
  const noAd = (id: string) =>
    mockApi({
      ...base,
      [`GET /api/admin/view/dashbord/${id}`]: () =>
        Response.json({ status: false, message: analyticsMessages.notFound }, { status: 404 }),
    });

  it('says the ad was not found, with the way back, rather than zeros', async () => {
    noAd('doesnotexist123');
    const { router } = renderApp('/views/dashboard/doesnotexist123?q=Promo&adsType=web');
    const found = await screen.findByRole('region', { name: 'Ad not found' }, { timeout: 15_000 });
    expect(found).toHaveTextContent(analyticsMessages.notFound);
    expect(found).toHaveTextContent('doesnotexist123');
    // No figures, range or clear for something that is not there, and no Retry of a load that did not fail.
    expect(screen.queryByRole('region', { name: 'Views' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Click' })).not.toBeInTheDocument();
    expect(screen.queryByText('No views or clicks in this range')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear data' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Today' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // Opened from outside the back office: nothing to go back to but the website ads.
    expect(within(found).queryByRole('button', { name: 'Go back' })).not.toBeInTheDocument();
    await userEvent.setup().click(within(found).getByRole('link', { name: 'Website Ads' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/manage/ads/webAds/add'));
  }, 30_000);

  it('goes back to the screen the link was followed from', async () => {
    noAd('gone1');
    const { router } = renderApp('/activity');
    await act(() => router.navigate('/views/dashboard/gone1'));
    const found = await screen.findByRole('region', { name: 'Ad not found' }, { timeout: 15_000 });
    await userEvent.setup().click(within(found).getByRole('button', { name: 'Go back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/activity'));
  }, 30_000);
});

describe('a failed load', () => {
  it('offers Retry, which loads the figures again', async () => {
    let failing = true;
    mockApi({
      ...base,
      'GET /api/admin/view/dashbord/a1': () =>
        failing
          ? Response.json({ status: false, message: 'Something went wrong' }, { status: 500 })
          : Response.json({ ...reply, views_data: [{ createdAt: '2026-01-06', count: 7 }], totalViews: 7 }),
    });
    renderApp('/views/dashboard/a1?startDate=2026-01-05&endDate=2026-01-20');
    const alert = await screen.findByRole('alert', {}, { timeout: 15_000 });
    failing = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'Views' })).toHaveTextContent('07');
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
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
    expect(screen.getByLabelText('Start date')).toHaveValue('05/01/2026');
    expect(screen.getByLabelText('End date')).toHaveValue('20/01/2026');
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

describe('the chart tooltips', () => {
  it("read '{n} Clicks on {date}' on the clicks chart and '{n} Views on {date}' on the views chart", async () => {
    // jsdom lays nothing out: the charts get a size, as a browser would give them.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ width: 600, height: 256 }),
    );
    await open('?startDate=2026-11-21&endDate=2026-11-23', {
      ...reply,
      views_data: [{ createdAt: '2026-11-22', count: 4 }],
      clicks_data: [
        { createdAt: '2026-11-21', count: 3 },
        { createdAt: '2026-11-23', count: 5 },
      ],
      totalViews: 4,
      totalClicks: 8,
    });
    const user = userEvent.setup();
    const focused = async (title: string) => {
      const chart = await screen.findByRole('group', { name: `${title} chart` });
      // A chart takes the keyboard: focused, it shows its first day; the arrow keys move along the days.
      act(() => within(chart).getByRole('application').focus());
      // The tooltip comes with the next render: wait for it rather than read at once. It is the chart's
      // status region, which screen readers announce as the day changes.
      return async (text: string) =>
        await waitFor(() => expect(within(chart).getByRole('status')).toHaveTextContent(text));
    };
    const clicksShow = await focused('Clicks');
    await clicksShow('3 Clicks on 21/11/2026');
    await user.keyboard('{ArrowRight}');
    await clicksShow('0 Clicks on 22/11/2026');
    await user.keyboard('{ArrowRight}');
    await clicksShow('5 Clicks on 23/11/2026');

    const viewsShow = await focused('Views');
    await viewsShow('0 Views on 21/11/2026');
    await user.keyboard('{ArrowRight}');
    await viewsShow('4 Views on 22/11/2026');
    // The pointer passing over and out of the plot leaves the keyboard's day while the plot has the focus.
    const plot = within(await screen.findByRole('group', { name: 'Views chart' })).getByRole('application');
    fireEvent.pointerLeave(plot);
    await viewsShow('4 Views on 22/11/2026');
    act(() => plot.blur());
    await waitFor(() => expect(within(plot).getByRole('status')).toBeEmptyDOMElement());
  }, 30_000);
});

describe('a range without views or clicks', () => {
  it("says 'No views or clicks in this range', and not once there are some", async () => {
    await open('?startDate=2026-01-05&endDate=2026-01-20');
    expect(await screen.findByText('No views or clicks in this range')).toBeInTheDocument();
    queryClient.clear();
  }, 30_000);

  it('is not said when the range has figures', async () => {
    await open('?startDate=2026-01-05&endDate=2026-01-20', {
      ...reply,
      views_data: [{ createdAt: '2026-01-06', count: 1 }],
      totalViews: 1,
    });
    expect(await screen.findByRole('group', { name: 'Views chart' })).toBeInTheDocument();
    expect(screen.queryByText('No views or clicks in this range')).not.toBeInTheDocument();
  }, 30_000);
});

describe('the Clear data button', () => {
  it('shows only when the query carries the item (q, as a website ad link has it)', async () => {
    for (const search of ['', '?startDate=2026-01-05&endDate=2026-01-20', '?adsType=web']) {
      const view = await open(search);
      expect([search, screen.queryByRole('button', { name: 'Clear data' })]).toEqual([search, null]);
      expect(screen.getByRole('button', { name: 'Download CSV' })).toBeVisible();
      view.unmount();
      queryClient.clear();
    }
    await open('?q=Promo&adsType=web');
    expect(screen.getByRole('button', { name: 'Clear data' })).toBeVisible();
  }, 30_000);
});

describe("days in the server's reporting time zone", () => {
  afterEach(() => vi.useRealTimers());

  /** 21:00 on Saturday 21 November 2026 in New York: already Sunday 22 in Kolkata. */
  const inNewYork = () => {
    setRuntimeConfig({ reportTimeZone: 'America/New_York' });
    // Only Date: the screen's timers and requests run as usual.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-22T02:00:00Z'));
  };

  it("opens on New York's today and picks New York's week when the server reports in America/New_York", async () => {
    inNewYork();
    const { asked } = await open('');
    expect(pressed()).toBe('Today');
    expect(screen.getByLabelText('Start date')).toHaveValue('21/11/2026');
    await waitFor(() => expect(asked()).toEqual(['startDate=2026-11-21&endDate=2026-11-21']));
    await userEvent.setup().click(screen.getByRole('button', { name: 'This Week' }));
    await waitFor(() => expect(asked().at(-1)).toBe('startDate=2026-11-15&endDate=2026-11-21'));
  }, 30_000);

  it("names a link's range after New York's quick range", async () => {
    inNewYork();
    await open('?q=Promo&adsType=web&startDate=2026-11-15&endDate=2026-11-21');
    expect(pressed()).toBe('This Week');
  }, 30_000);
});
