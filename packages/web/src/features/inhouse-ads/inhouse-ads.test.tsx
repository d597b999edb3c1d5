import { act, configure, fireEvent, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as format from '@streamdesk/contract/format';
import { inHouseMessages, type InHouseAd } from '@streamdesk/contract/inhouse-ads';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerWrongThenRight, expectSwitchAsks } from '@/test/answer-math';
import { GIF, JPEG, PNG } from '@/test/images';
import { mockApi, renderApp } from '@/test/render-app';
import { jsonResponse } from '@/test/runtime';
import { signedInApi as shell, signedInScreenTests } from '@/test/signed-in-screen';
import { autoTitle, imageFileProblem, stayTimeProblem } from './components/file-checks';
import * as tableModule from './components/inhouse-ads-table';
import { useDebouncedSearch } from '@/ui/use-debounced-search';
import { testInHouseAd, testInHouseList } from './test-inhouse-ads';

// Lazy pages and the auth check come first: allow for a busy machine.
configure({ asyncUtilTimeout: 5000 });

const LIST_API = 'GET /api/App/inhouse/ads';

/**
 * A page of 100, its last row (Ad-100) in: drawn with the last step (useRowsInSteps). Waited for with a
 * cheap query, as a text query rerun at each step over a hundred rows takes seconds in jsdom.
 */
async function allHundredRows() {
  await waitFor(() => expect(document.querySelectorAll('tbody tr')).toHaveLength(100), { timeout: 10_000 });
  expect(screen.getByText('Ad-100')).toBeInTheDocument();
}
const ad = testInHouseAd;
const listReply = testInHouseList;

/** The in-house page with one ad, its create form open; files are picked whatever their type. */
async function openCreateForm() {
  mockApi({ ...shell, [LIST_API]: listReply([ad(1)]) });
  const user = userEvent.setup({ applyAccept: false });
  renderApp('/manage/ads/inHouseAds/add');
  await user.click(await screen.findByRole('button', { name: 'Create New Ad' }));
  const form = screen.getByRole('form', { name: 'Create New Ad' });
  return { user, form, upload: within(form).getByRole('button', { name: 'Upload' }) };
}

signedInScreenTests();
afterEach(() => vi.useRealTimers());

describe('form checks', () => {
  it('accepts png, jpg, jpeg and gif up to 1 MB', () => {
    expect(imageFileProblem(new File(['x'], 'a.png', { type: 'image/png' }))).toBeNull();
    expect(imageFileProblem(new File(['x'], 'a.gif', { type: 'image/gif' }))).toBeNull();
    expect(imageFileProblem(new File(['x'], 'a.webp', { type: 'image/webp' }))).toBe(
      "Please select a valid image file. Allowed types: 'image/png', 'image/jpg', 'image/jpeg', 'image/gif'",
    );
    const big = new File([new Uint8Array(1024 * 1024 + 1)], 'b.jpg', { type: 'image/jpeg' });
    expect(imageFileProblem(big)).toBe('Image size should not exceed 1MB');
  });

  it('wants a whole stay time of at least 1 and numbers titles from the list length', () => {
    expect(stayTimeProblem('0')).toBe('Web stay time must be at least 1 second');
    expect(stayTimeProblem('')).toBe('Web stay time must be at least 1 second');
    expect(stayTimeProblem('2.5')).toBe('Web stay time must be a whole number of seconds');
    expect(stayTimeProblem('1')).toBeNull();
    expect(autoTitle(3)).toBe('Ad-4');
  });

  it('applies typed search after 500 ms and a cleared box at once', () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ text }) => useDebouncedSearch(text), {
      initialProps: { text: '' },
    });
    rerender({ text: 'ban' });
    act(() => vi.advanceTimersByTime(499));
    expect(result.current).toBe('');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe('ban');
    rerender({ text: '' });
    expect(result.current).toBe('');
  });
});

describe('in-house list', () => {
  it('shows the Running badge, numbers rows 100*(page-1)+i+1 and pages with Previous/Next', async () => {
    const pages: Record<string, InHouseAd[]> = { '1': [ad(1), ad(2)], '2': [ad(3)] };
    const fetchMock = mockApi({
      ...shell,
      [LIST_API]: (url: string) => {
        const page = new URL(url, 'http://x').searchParams.get('page') ?? '1';
        return jsonResponse(listReply(pages[page] ?? [], 2, true));
      },
    });
    const user = userEvent.setup();
    renderApp('/manage/ads/inHouseAds/add');
    expect(await screen.findByText('Running')).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'In-house ads' });
    await within(table).findByText('Ad-1');
    expect(screen.getByText('Page 01 of 02')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]!).getAllByRole('cell')[1]).toHaveTextContent('1');
    expect(rows[1]).toHaveTextContent('1.5K');
    expect(within(rows[1]!).getByText('7')).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('FS Web');
    const listCall = fetchMock.mock.calls.find(([u]) => String(u).startsWith('/api/App/inhouse/ads?'));
    expect(String(listCall![0])).toContain('a=true');
    expect(String(listCall![0])).toContain('limit=100');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await within(table).findByText('Ad-3');
    expect(screen.getByText('Page 02 of 02')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getAllByRole('cell')[1]).toHaveTextContent('101');
  });

  it('leaves the table alone while the search is typed, and reloads it once with the debounced text', async () => {
    const hundred = Array.from({ length: 100 }, (_, i) => ad(i + 1));
    const fetchMock = mockApi({
      ...shell,
      [LIST_API]: (url: string) => {
        const q = new URL(url, 'http://x').searchParams.get('q');
        return jsonResponse(listReply(q ? hundred.filter((a) => a.mainTitle === q) : hundred));
      },
    });
    // Counts the list table's renders; it still renders the real table. Spied before the page renders
    // it: a component spied on later would be another component to React, and the table would remount.
    const tableRenders = vi.spyOn(tableModule, 'InHouseAdsTable');
    renderApp('/manage/ads/inHouseAds/add');
    await allHundredRows();
    const search = screen.getByRole('searchbox', { name: 'Search' });

    // Key by key (fireEvent: user-event's waits hang on Vitest's fake timers).
    vi.useFakeTimers();
    tableRenders.mockClear();
    for (const typed of ['A', 'Ad', 'Ad-', 'Ad-4', 'Ad-42']) {
      act(() => vi.advanceTimersByTime(100));
      fireEvent.change(search, { target: { value: typed } });
    }
    expect(search).toHaveValue('Ad-42');
    expect(tableRenders).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(499));
    expect(tableRenders).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    vi.useRealTimers();

    await waitFor(() => expect(screen.queryByText('Ad-100')).toBeNull());
    expect(screen.getByText('Ad-42')).toBeInTheDocument();
    expect(tableRenders).toHaveBeenCalled();
    const searches = fetchMock.mock.calls.map(([u]) => String(u)).filter((u) => u.includes('q='));
    expect(searches).toHaveLength(1);
    expect(searches[0]).toContain('q=Ad-42');
  });

  it('keeps Upload disabled until a valid icon and image are chosen; a wrong type is refused', async () => {
    const { user, form, upload } = await openCreateForm();
    expect(upload).toBeDisabled();
    expect(within(form).getByText(/will be Ad-2/)).toBeInTheDocument();
    await user.upload(within(form).getByLabelText('Icon'), new File(['x'], 'a.txt', { type: 'text/plain' }));
    expect(await screen.findByText(/Please select a valid image file/)).toBeInTheDocument();
    await user.upload(within(form).getByLabelText('Icon'), new File([PNG], 'a.png', { type: 'image/png' }));
    expect(upload).toBeDisabled();
    await user.upload(within(form).getByLabelText('Image'), new File([GIF], 'b.gif', { type: 'image/gif' }));
    expect(upload).toBeEnabled();
  });

  it('refuses, once read, an image the server would not take: cut off, or not an image at all', async () => {
    const { user, form, upload } = await openCreateForm();
    const icon = within(form).getByLabelText<HTMLInputElement>('Icon');
    await user.upload(
      within(form).getByLabelText('Image'),
      new File([JPEG], 'b.jpg', { type: 'image/jpeg' }),
    );

    // A PNG cut before its end: the server's words, the input emptied, Upload held.
    await user.upload(icon, new File([PNG.slice(0, 40)], 'cut.png', { type: 'image/png' }));
    expect(await screen.findByText(/The image file is cut off: its end is missing/)).toBeInTheDocument();
    await waitFor(() => expect(icon.files).toHaveLength(0));
    expect(upload).toBeDisabled();

    // Text under an image's name and type.
    await user.upload(icon, new File(['not an image'], 'fake.png', { type: 'image/png' }));
    await waitFor(() => expect(icon.files).toHaveLength(0));
    expect(screen.getAllByText(/Please select a valid image file/).length).toBeGreaterThan(0);
    expect(upload).toBeDisabled();

    await user.upload(icon, new File([PNG], 'icon.png', { type: 'image/png' }));
    expect(upload).toBeEnabled();
    // Still enabled once the whole file has been read.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(icon.files).toHaveLength(1);
    expect(upload).toBeEnabled();
  });

  it('selects the page with the header box and deletes through the captcha, then clears the selection', async () => {
    let deleted = false;
    const fetchMock = mockApi({
      ...shell,
      [LIST_API]: () => jsonResponse(listReply(deleted ? [] : [ad(1), ad(2)])),
      'DELETE /api/App/inhouse/ads': () => {
        deleted = true;
        return jsonResponse({ status: true, message: 'In House ads deleted successfully.', deleted: 2 });
      },
    });
    const user = userEvent.setup();
    renderApp('/manage/ads/inHouseAds/add');
    await screen.findByText('Ad-1');
    await user.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    expect(screen.getByRole('checkbox', { name: 'Select Ad-2' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Delete selected (2)' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete in-house ads' });
    await user.type(within(dialog).getByLabelText('Answer'), '999');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Incorrect answer to the captcha.')).toBeInTheDocument();
    const [a, b] = (within(dialog).getByTestId('math-problem').textContent ?? '').match(/\d+/g)!.map(Number);
    await user.clear(within(dialog).getByLabelText('Answer'));
    await user.type(within(dialog).getByLabelText('Answer'), String(a! + b!));
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('In House ads deleted successfully.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('No in-house ads found')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete selected (0)' })).toBeDisabled();
    const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'DELETE');
    expect(JSON.parse(String(call![1]!.body))).toEqual({ encryptedData: expect.any(String) });
  });

  it('re-renders only the row whose box is ticked, not the page of 100', async () => {
    const ads = Array.from({ length: 100 }, (_, i) =>
      ad(i + 1, { createdAt: new Date(Date.UTC(2026, 10, 21, 6) - i * 60_000).toISOString() }),
    );
    mockApi({ ...shell, [LIST_API]: () => jsonResponse(listReply(ads)) });
    const user = userEvent.setup();
    renderApp('/manage/ads/inHouseAds/add');
    await allHundredRows();
    // Each row writes its date once per render: a spy on the export counts them.
    const rendered = vi.spyOn(format, 'formatDateTime');
    await user.click(screen.getByRole('checkbox', { name: 'Select Ad-3' }));
    expect(screen.getByRole('checkbox', { name: 'Select Ad-3' })).toBeChecked();
    expect(new Set(rendered.mock.calls.map(([at]) => at))).toEqual(new Set([ads[2]!.createdAt]));
  });
});

describe('in-house list page and search in the URL', () => {
  it("says a search's count that stopped at its cap with a plus (0063)", async () => {
    const capped = { ...listReply([ad(1), ad(2)], 10), total: 1000, totalCapped: true };
    mockApi({
      ...shell,
      [LIST_API]: (url: string) =>
        jsonResponse(new URL(url, 'http://x').searchParams.has('q') ? capped : listReply([ad(1), ad(2)])),
    });
    renderApp('/manage/ads/inHouseAds/add?q=Ad');
    expect(await screen.findByText('Showing 1–2 of 1,000+ in-house ads')).toBeInTheDocument();
    expect(screen.getByText('Page 01 of 10')).toBeInTheDocument();
  });

  it('opens the page and search the URL names, Edit returns there, and a new search starts at page 1', async () => {
    const all = [ad(1), ad(2), ad(3), ad(13)];
    const fetchMock = mockApi({
      ...shell,
      [LIST_API]: (url: string) => {
        const query = new URL(url, 'http://x').searchParams;
        const found = all.filter((a) => a.mainTitle.includes(query.get('q') ?? ''));
        const page = Number(query.get('page'));
        // Two a page, for the test.
        return jsonResponse(listReply(found.slice((page - 1) * 2, page * 2), Math.ceil(found.length / 2)));
      },
      [`GET /api/App/inhouse/ads/data/${ad(3)._id}`]: { status: true, message: 'In-house ad', data: ad(3) },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/manage/ads/inHouseAds/add?q=Ad&page=2');
    const where = () => router.state.location.pathname + router.state.location.search;
    const table = await screen.findByRole('table', { name: 'In-house ads' });
    expect(await within(table).findByText('Ad-13')).toBeInTheDocument();
    expect(screen.getByText('Page 02 of 02')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('Ad');
    const lists = () =>
      fetchMock.mock.calls.map(([u]) => String(u)).filter((u) => u.startsWith('/api/App/inhouse/ads?'));
    expect(lists()[0]).toMatch(/page=2.*q=Ad|q=Ad.*page=2/);
    expect(where()).toBe('/manage/ads/inHouseAds/add?q=Ad&page=2');

    await user.click(within(table).getByRole('link', { name: 'Edit Ad-3' }));
    await user.click(await screen.findByRole('button', { name: 'Back to in-house ads' }));
    expect(await screen.findByText('Ad-13')).toBeInTheDocument();
    expect(where()).toBe('/manage/ads/inHouseAds/add?q=Ad&page=2');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('Ad');

    // A new search: page 1, in place of the entry (a pause in typing is not a step for Back).
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), '-1');
    await waitFor(() => expect(where()).toBe('/manage/ads/inHouseAds/add?q=Ad-1'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByText('Page 01 of 01')).toBeInTheDocument();

    // The list opened without a search (the side menu's link): the box follows, and sends nothing back.
    await act(() => router.navigate('/manage/ads/inHouseAds/add'));
    await waitFor(() => expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue(''));
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(where()).toBe('/manage/ads/inHouseAds/add');
  });
});

describe('edit page', () => {
  it('goes back to the list with "Failed to load ad data" when the ad is not found', async () => {
    mockApi({
      ...shell,
      [LIST_API]: listReply([]),
      'GET /api/App/inhouse/ads/data/missing': () =>
        jsonResponse({ status: false, message: 'In-house ad not found' }, 404),
    });
    const { router } = renderApp('/manage/ads/inHouseAds/edit/missing');
    expect(await screen.findByText('Failed to load ad data')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/manage/ads/inHouseAds/add'));
  });

  it('says "An error occurred while loading data" when the call fails', async () => {
    mockApi({ ...shell, [LIST_API]: listReply([]) });
    const { router } = renderApp('/manage/ads/inHouseAds/edit/offline');
    expect(await screen.findByText('An error occurred while loading data')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/manage/ads/inHouseAds/add'));
  });

  it('shows the header counts and the preview tabs of a video ad', async () => {
    const video = ad(9, { medType: 'video', medView: '/media/inhouse-ads/v.mp4', web_stay_time: 2500 });
    mockApi({
      ...shell,
      [`GET /api/App/inhouse/ads/data/${video._id}`]: { status: true, message: 'In-house ad', data: video },
    });
    renderApp(`/manage/ads/inHouseAds/edit/${video._id}`);
    expect(await screen.findByRole('heading', { name: 'Edit In House Ad' })).toBeInTheDocument();
    expect(screen.getByText('1.5K')).toBeInTheDocument();
    expect(screen.getByText('7')).toBeInTheDocument();
    expect(screen.getByText('2.5K sec')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Video' })).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveValue('Ad-9');
  });

  it('sends Update only after the right answer to the captcha, then returns to the list', async () => {
    const one = ad(3);
    const put = vi.fn(() => jsonResponse({ status: true, message: 'Updated successfully!', data: one }));
    mockApi({
      ...shell,
      [LIST_API]: listReply([one]),
      [`GET /api/App/inhouse/ads/data/${one._id}`]: { status: true, message: 'In-house ad', data: one },
      'PUT /api/App/inhouse/ads': put,
    });
    const { router } = renderApp(`/manage/ads/inHouseAds/edit/${one._id}`);
    const user = userEvent.setup();
    const title = await screen.findByLabelText('Title');
    await user.clear(title);
    await user.type(title, 'Renamed');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(
      screen.getByText(
        'You are about to update in-house ad "Ad-3". To confirm, please solve this math problem',
      ),
    ).toBeInTheDocument();
    await answerWrongThenRight('Incorrect answer to the captcha.', put);
    const form = (put.mock.calls[0] as unknown as [string, RequestInit])[1].body as FormData;
    expect(form.get('mainTitle')).toBe('Renamed');
    await waitFor(() => expect(router.state.location.pathname).toBe('/manage/ads/inHouseAds/add'));
  });
});

describe('In House Ads: the status switch', () => {
  it('asks the arithmetic question first, with the in-house wrong-answer toast (0055)', async () => {
    let status = true;
    const send = vi.fn(() => {
      status = false;
      return jsonResponse({ status: true, message: 'Status updated successfully!' });
    });
    mockApi({
      ...shell,
      [LIST_API]: () => jsonResponse(listReply([ad(1, { status })], 1, true)),
      'POST /api/App/inhouse/ads/update/status': send,
    });
    renderApp('/manage/ads/inHouseAds/add');
    const toggle = await expectSwitchAsks({
      name: 'Status of Ad-1',
      prompt:
        'You are about to change the status of in-house ad "Ad-1". To confirm, please solve this math problem',
      wrongAnswer: inHouseMessages.captchaWrong,
      send,
    });
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(screen.queryByRole('dialog')).toBeNull();
  }, 30_000);
});
