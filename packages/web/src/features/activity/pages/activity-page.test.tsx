import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderApp } from '@/test/render-app';
import { jsonResponse } from '@/test/runtime';
import { signedInApi, signedInScreenTests } from '@/test/signed-in-screen';
import { dateTimeMessages } from '@/ui/date-time-field';

signedInScreenTests();

const entry = {
  _id: 'e1',
  at: '2026-12-01T06:00:00.000Z',
  personId: 'p1',
  personName: 'admin',
  role: 'owner',
  action: 'update',
  feature: 'controller',
  itemId: 'settings',
  label: 'controller: Reels',
  changes: [],
  ip: '127.0.0.1',
  userAgent: 'test',
  revertable: false,
};
const people = {
  status: true,
  message: 'People fetched',
  data: [
    { _id: 'p2', name: 'Anita Analyst' },
    { _id: 'p1', name: 'admin' },
    { _id: 'p3', name: 'Esha Editor' },
  ],
};

/** The Person select, once its options are `names` (after All). */
async function personOptionsAre(names: string[]) {
  const select = await screen.findByRole('combobox', { name: 'Person' }, { timeout: 8000 });
  await waitFor(() =>
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All', ...names]),
  );
  return select;
}

/** The screen with these entries (one unless given) and the team; the activity URLs asked are kept. */
function openWithEntries(data: readonly object[] = [entry]) {
  const asked: string[] = [];
  mockApi({
    ...signedInApi,
    'GET /api/admin/people': people,
    'GET /api/admin/activity': (url: string) => {
      asked.push(url);
      return jsonResponse({
        status: true,
        message: 'Activity fetched',
        data,
        total: data.length,
        totalPage: 1,
        totalCapped: false,
      });
    },
  });
  return { asked, ...renderApp('/activity') };
}

describe('the Activity screen person filter', () => {
  it("lists everyone on the team, not only the people of the page's entries, and filters by the one picked", async () => {
    const { asked, router } = openWithEntries();
    const select = await personOptionsAre(['Anita Analyst', 'admin', 'Esha Editor']);

    const user = userEvent.setup();
    await user.selectOptions(select, 'Esha Editor');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(router.state.location.search).toBe('?person=p3'));
    await waitFor(() => expect(asked.at(-1)).toContain('person=p3'));
    expect(screen.getByRole('combobox', { name: 'Person' })).toHaveValue('p3');
  });

  it('filters by days typed as DD/MM/YYYY, and refuses a To before the From beside it', async () => {
    const { asked, router } = openWithEntries();
    await personOptionsAre(['Anita Analyst', 'admin', 'Esha Editor']);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('From'), '05/11/2026');
    await user.type(screen.getByLabelText('To'), '1/11/2026');
    expect(screen.getByLabelText('To')).toHaveAccessibleDescription(dateTimeMessages.endDayBeforeStart);
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(router.state.location.search).toBe('');
    expect(screen.getByLabelText('From')).toHaveValue('05/11/2026');

    await user.clear(screen.getByLabelText('To'));
    await user.type(screen.getByLabelText('To'), '30/11/2026');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(router.state.location.search).toBe('?from=2026-11-05&to=2026-11-30'));
    await waitFor(() => expect(asked.at(-1)).toContain('from=2026-11-05'));
    expect(screen.getByLabelText('From')).toHaveValue('05/11/2026');
    expect(screen.getByLabelText('To')).toHaveValue('30/11/2026');
  });

  it('refuses a search shorter than three characters beside the field, and applies one of three', async () => {
    const { asked, router } = openWithEntries();
    await personOptionsAre(['Anita Analyst', 'admin', 'Esha Editor']);
    const user = userEvent.setup();
    const search = screen.getByRole('searchbox', { name: 'Search' });
    expect(search).toHaveAccessibleDescription('At least 3 characters');
    await user.type(search, '#1');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(search).toHaveAccessibleDescription('Type at least 3 characters to search');
    expect(search).toBeInvalid();
    expect(router.state.location.search).toBe('');

    await user.type(search, '2');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=%2312'));
    await waitFor(() => expect(asked.at(-1)).toContain('q=%2312'));
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveAccessibleDescription(
      'At least 3 characters',
    );
  });

  it("falls back to the entries' people when the list cannot be read", async () => {
    mockApi({
      ...signedInApi,
      'GET /api/admin/people': () => jsonResponse({ status: false, message: 'Something went wrong' }, 500),
      'GET /api/admin/activity': {
        status: true,
        message: 'ok',
        data: [entry],
        total: 1,
        totalPage: 1,
        totalCapped: false,
      },
    });
    renderApp('/activity');
    await personOptionsAre(['admin']);
  });

  it('says "of 10,000+ entries" when the count stopped short of every entry', async () => {
    mockApi({
      ...signedInApi,
      'GET /api/admin/people': people,
      'GET /api/admin/activity': {
        status: true,
        message: 'ok',
        data: [entry],
        total: 10_000,
        totalPage: 200,
        totalCapped: true,
      },
    });
    renderApp('/activity');
    expect(
      await screen.findByText('Showing 1 of 10,000+ entries', {}, { timeout: 8000 }),
    ).toBeInTheDocument();
  });
});

describe('the Activity list (one list component, issue 36)', () => {
  it('says a refused load in the list with a Retry that loads it again, then the footer', async () => {
    let refused = true;
    mockApi({
      ...signedInApi,
      'GET /api/admin/people': people,
      'GET /api/admin/activity': () =>
        refused
          ? jsonResponse({ status: false, message: 'Activity is resting' })
          : jsonResponse({
              status: true,
              message: 'ok',
              data: [entry, { ...entry, _id: 'e2' }],
              total: 120,
              totalPage: 3,
              totalCapped: false,
            }),
    });
    renderApp('/activity');
    const table = await screen.findByRole('table', { name: 'Activity' }, { timeout: 8000 });
    const alert = await within(table).findByRole('alert');
    expect(alert).toHaveTextContent('Activity is resting');
    refused = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Showing 1–2 of 120 entries')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 3' })).toBeInTheDocument();
    expect(within(table).queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe("a controller entry's Details", () => {
  it('name the changed settings as the Controller screen labels them, and other fields as stored', async () => {
    const position = {
      ...entry,
      label: 'controller: Story Ads Position, NTV Timer',
      changes: [
        { field: 'storyAdsPosition', before: 3, after: 4 },
        { field: 'ntvTiming', before: 5, after: 7 },
      ],
    };
    const story = {
      ...entry,
      _id: 'e2',
      feature: 'stories',
      itemId: 's1',
      label: 'story "Open"',
      changes: [{ field: 'btnName', before: 'Go', after: 'Open' }],
    };
    openWithEntries([position, story]);
    const user = userEvent.setup();
    const row = await screen.findByRole('row', { name: /controller: Story Ads Position/ }, { timeout: 8000 });
    await user.click(within(row).getByRole('button', { name: /^Details/ }));
    const panel = await screen.findByRole('dialog', { name: 'controller: Story Ads Position, NTV Timer' });
    const changes = within(panel).getByRole('table', { name: 'Changes' });
    expect(within(changes).getByRole('row', { name: 'Story Ads Position 3 4' })).toBeInTheDocument();
    expect(within(changes).getByRole('row', { name: 'NTV Timer 5 7' })).toBeInTheDocument();
    expect(within(panel).queryByText('storyAdsPosition')).not.toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Close' }));

    await user.click(screen.getByRole('button', { name: 'Details of story "Open"' }));
    const storyPanel = await screen.findByRole('dialog', { name: 'story "Open"' });
    expect(within(storyPanel).getByRole('row', { name: 'btnName Go Open' })).toBeInTheDocument();
  });
});
