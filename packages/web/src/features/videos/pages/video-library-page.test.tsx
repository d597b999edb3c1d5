import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answerMath } from '@/test/answer-math';
import { describe, expect, it, vi } from 'vitest';
import * as format from '@streamdesk/contract/format';
import { videoMessages } from '@streamdesk/contract/videos';
import { mockApi, renderApp } from '@/test/render-app';
import { jsonResponse } from '@/test/runtime';
import { signedInApi as shell, signedInScreenTests } from '@/test/signed-in-screen';
import { categories, onePage, video } from './library-test-data';

/** A library whose page 2 holds one web-enabled video; the page size is the server's business here. */
function library() {
  const state = { secondPageEnabled: true };
  const list = (url: string) => {
    const page = new URL(url, 'http://x').searchParams.get('page');
    const pages = state.secondPageEnabled ? 2 : 1;
    const data = page === '2' ? (state.secondPageEnabled ? [video(2, true)] : []) : [video(1, true)];
    return jsonResponse({ status: true, message: 'ok', data, totalPage: pages, totalRecord: pages });
  };
  return { state, list };
}

signedInScreenTests({ authStatus: 'signed-in' });

describe('Video Library', { timeout: 15_000 }, () => {
  it('says a failed load in the list without counting 0 videos', async () => {
    mockApi({
      ...shell,
      'GET /api/App/video/category': categories,
      'GET /api/App/video/category/admin/all': () =>
        jsonResponse({ status: false, message: 'Something went wrong' }, 500),
    });
    renderApp('/show/video');
    const table = await screen.findByRole('table', { name: 'Videos' });
    expect(await within(table).findByRole('alert')).toHaveTextContent(videoMessages.loadFailed);
    expect(screen.getByRole('heading', { name: 'Video Library' })).toBeInTheDocument();
    expect(screen.queryByText('0 videos')).not.toBeInTheDocument();
    expect(screen.queryByText(/Showing 0 of 0 videos/)).not.toBeInTheDocument();
  });

  it('offers Retry beside a failed load, which loads the list again', async () => {
    let failing = true;
    mockApi({
      ...shell,
      'GET /api/App/video/category': categories,
      'GET /api/App/video/category/admin/all': () =>
        failing
          ? jsonResponse({ status: false, message: 'Something went wrong' }, 500)
          : jsonResponse(onePage([video(1, true)])),
    });
    renderApp('/show/video');
    const alert = await screen.findByRole('alert', {}, { timeout: 8000 });
    expect(alert).toHaveTextContent(videoMessages.loadFailed);
    failing = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Showing 1 of 1 videos')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the page that now is the last when a web change empties the one shown', async () => {
    const { state, list } = library();
    const put = vi.fn(() => {
      state.secondPageEnabled = false;
      return jsonResponse({ status: true, message: 'ok', modified: 1 });
    });
    mockApi({
      ...shell,
      'GET /api/App/video/category': categories,
      'GET /api/App/video/category/admin/all': list,
      'PUT /api/App/video/web/status': put,
    });
    const user = userEvent.setup();
    renderApp('/show/video');
    await user.click(await screen.findByRole('button', { name: 'Page 2' }, { timeout: 8000 }));
    // Page 2's own row (not page 1's, kept on screen while page 2 loads).
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Thumbnail of Video 101' })).toHaveAttribute(
        'src',
        '/media/videos/v2.jpg',
      ),
    );
    await user.click(screen.getByRole('checkbox', { name: 'Select Video 101' }));
    await user.click(screen.getByRole('button', { name: 'Disable Web (1)' }));
    await answerMath({ title: 'Change status' });
    await waitFor(() => expect(put).toHaveBeenCalled());
    expect(await screen.findByText('Showing 1 of 1 videos')).toBeInTheDocument();
  });

  it("drops a failed action's red banner and the ticked rows on another filter or page", async () => {
    const { list } = library();
    mockApi({
      ...shell,
      'GET /api/App/video/category': categories,
      'GET /api/App/video/category/admin/all': list,
      'PUT /api/App/video/web/status': { status: false, message: 'no' },
    });
    const user = userEvent.setup();
    renderApp('/show/video');
    await user.click(await screen.findByRole('checkbox', { name: 'Select Video 1' }, { timeout: 8000 }));
    await user.click(screen.getByRole('button', { name: 'Disable Web (1)' }));
    await answerMath({ title: 'Change status' });
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent(videoMessages.webStatusFailed);
    await user.selectOptions(screen.getByLabelText('Web Status'), 'true');
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    // A fresh selection too: Video 1 is on the filtered page, no longer ticked.
    expect(await screen.findByRole('checkbox', { name: 'Select Video 1' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Disable Web (0)' })).toBeInTheDocument();
  });

  it('keeps the category, the web status and the page in the URL; a filter starts again at page 1', async () => {
    const { list } = library();
    const asked: string[] = [];
    mockApi({
      ...shell,
      'GET /api/App/video/category': categories,
      'GET /api/App/video/category/admin/c1': (url: string) => {
        asked.push(url);
        return list(url);
      },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/show/video?category=c1&web=true&page=2');
    const where = () => router.state.location.pathname + router.state.location.search;
    expect(
      await screen.findByRole('img', { name: 'Thumbnail of Video 101' }, { timeout: 8000 }),
    ).toHaveAttribute('src', '/media/videos/v2.jpg');
    const first = new URL(asked[0]!, 'http://x').searchParams;
    // 100 a page (doc 2 sections 7 and 9), asked for by name rather than left to the server's default.
    expect([first.get('page'), first.get('web'), first.get('limit')]).toEqual(['2', 'true', '100']);
    await waitFor(() => expect(screen.getByLabelText('Category')).toHaveValue('c1'));
    expect(screen.getByLabelText('Web Status')).toHaveValue('true');
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

    await user.selectOptions(screen.getByLabelText('Web Status'), 'all');
    await waitFor(() => expect(where()).toBe('/show/video?category=c1'));
    expect(await screen.findByRole('img', { name: 'Thumbnail of Video 1' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');

    // Back is the filtered page 2 again.
    await act(() => router.navigate(-1));
    expect(where()).toBe('/show/video?category=c1&web=true&page=2');
    expect(await screen.findByRole('img', { name: 'Thumbnail of Video 101' })).toBeInTheDocument();
    expect(screen.getByLabelText('Web Status')).toHaveValue('true');
  });

  it('opened on a category that is gone, shows every video and says why, without asking for the gone one', async () => {
    const { list } = library();
    const gone = vi.fn(() => jsonResponse({ status: false, message: videoMessages.categoryNotFound }, 404));
    mockApi({
      ...shell,
      'GET /api/App/video/category': categories,
      'GET /api/App/video/category/admin/all': list,
      'GET /api/App/video/category/admin/deleted1': gone,
    });
    const { router } = renderApp('/show/video?category=deleted1&page=2');
    expect(await screen.findByText(videoMessages.categoryGone, {}, { timeout: 8000 })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByRole('img', { name: 'Thumbnail of Video 1' })).toBeInTheDocument();
    expect(screen.getByLabelText('Category')).toHaveValue('all');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(gone).not.toHaveBeenCalled();
  });

  it('re-renders only the row whose box is ticked, not the page of 100', async () => {
    const videos = Array.from({ length: 100 }, (_, i) => ({
      ...video(i + 1, false),
      createdAt: new Date(Date.UTC(2026, 10, 21, 6) - i * 60_000).toISOString(),
    }));
    mockApi({
      ...shell,
      'GET /api/App/video/category': categories,
      'GET /api/App/video/category/admin/all': onePage(videos),
    });
    const user = userEvent.setup();
    renderApp('/show/video');
    const box = await screen.findByRole('checkbox', { name: 'Select Video 3' }, { timeout: 8000 });
    // The rows after the first screen's come in steps (useRowsInSteps): all of them in before counting,
    // waited for with a cheap query.
    await waitFor(() => expect(document.querySelectorAll('tbody tr')).toHaveLength(100), { timeout: 10_000 });
    expect(screen.getByRole('checkbox', { name: 'Select Video 100' })).toBeInTheDocument();
    // Each row writes its date once per render: a spy on the export counts them (the rows read it at
    // each call, and Vitest's module namespaces take a spy, so no module is replaced for the worker).
    const rendered = vi.spyOn(format, 'formatDateTime');
    await user.click(box);
    expect(box).toBeChecked();
    expect(new Set(rendered.mock.calls.map(([at]) => at))).toEqual(new Set([videos[2]!.createdAt]));
  });

  it('says the web feed shows only web-enabled videos while none is, and no longer once one is', async () => {
    const state = { enabled: 0 };
    mockApi({
      ...shell,
      'GET /api/App/video/category': categories,
      'GET /api/App/video/category/admin/all': (url: string) => {
        const webOnly = new URL(url, 'http://x').searchParams.get('web') === 'true';
        const all = [video(1, state.enabled > 0), video(2, false)];
        return jsonResponse(onePage(webOnly ? all.filter((v) => v.web) : all));
      },
      'PUT /api/App/video/web/status': () => {
        state.enabled = 1;
        return jsonResponse({ status: true, message: 'ok', modified: 1 });
      },
    });
    const user = userEvent.setup();
    renderApp('/show/video');
    const note = await screen.findByText(/web feed shows only web-enabled videos/, {}, { timeout: 8000 });
    expect(note).toHaveTextContent('No video is on the web feed yet.');
    await user.click(screen.getByRole('checkbox', { name: 'Select Video 1' }));
    await user.click(screen.getByRole('button', { name: 'Enable Web (1)' }));
    await answerMath({ title: 'Change status' });
    await waitFor(() =>
      expect(screen.queryByText(/No video is on the web feed yet/)).not.toBeInTheDocument(),
    );
  });
});
