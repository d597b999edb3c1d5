import type { Route } from '@playwright/test';
import { expect, test, type Api } from '../fixtures.js';
import type { mediaFiles } from '../media.js';
import { seedCategory, seedVideos } from './video-helpers.js';
import { shoot } from '../shots.js';

const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const PLAY_STORE = 'https://play.google.com/store/apps/details?id=com.example.streamdesk';

/** The download overlay's delay, in seconds of playback (a controller setting shared by every test). */
async function setWebPosition(api: Api, value: number) {
  const saved = await api.call('PUT', '/api/App/Controler/Edit/storyAdsPosition', {
    body: { name: 'webPosition', value },
    seal: true,
  });
  expect(saved.status).toBe(true);
}

/** `count` new web-enabled videos (the newest in the feed) and the overlay `webPosition` seconds in. */
async function seedFeed(api: Api, media: typeof mediaFiles, count: number, webPosition: number) {
  const category = await seedCategory(api, media);
  const ids = await seedVideos(api, media, category._id, count);
  await api.call('PUT', '/api/App/video/web/status', { body: { id: ids, status: true } });
  await setWebPosition(api, webPosition);
}

/**
 * Turns web access off for every video of this worker's server, so the feed has nothing to show, and
 * returns what puts it back (other tests of the worker may find their videos on the web again).
 */
async function emptyTheFeed(api: Api): Promise<() => Promise<void>> {
  const hidden: string[] = [];
  for (;;) {
    const shown = await api.call('GET', '/api/App/video/category/admin/all?web=true&limit=500');
    const ids = (shown.data as { _id: string }[]).map((v) => v._id);
    if (!ids.length) break;
    await api.call('PUT', '/api/App/video/web/status', { body: { id: ids, status: false } });
    hidden.push(...ids);
  }
  return async () => {
    for (let i = 0; i < hidden.length; i += 500)
      await api.call('PUT', '/api/App/video/web/status', {
        body: { id: hidden.slice(i, i + 500), status: true },
      });
  };
}

/** A feed page request: `page` of the public feed. */
const feedPage = (page: number) => (url: URL) =>
  url.pathname === '/api/App/video/category/client' && url.searchParams.get('page') === String(page);

test.describe('public feed on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, userAgent: IPHONE_UA, isMobile: true, hasTouch: true });

  test('welcome dialog, autoplay of the first video, page 2 on scrolling, the download overlay', async ({
    page,
    api,
    media,
  }) => {
    // The overlay stops the feed, so scrolling is checked with it 100 s away (the controller's largest value).
    await seedFeed(api, media, 12, 100);

    const configLoads: string[] = [];
    page.on(
      'request',
      (r) => void (new URL(r.url()).pathname === '/runtime-config.js' && configLoads.push(r.url())),
    );
    await page.goto('/site/');
    const dialog = page.getByRole('dialog', { name: 'Welcome' });
    await expect(dialog).toBeVisible();
    // The page's settings script is fetched once, not once in the head and again in the body.
    expect(configLoads).toHaveLength(1);
    await expect(dialog.getByText('Do you want to view the content?')).toBeVisible();
    // Push notifications are offered from the dialog, on the visitor's own click.
    await expect(dialog.getByRole('button', { name: 'Get notified' })).toBeVisible();
    await shoot(page, 'feed-welcome-375');

    const views = page.waitForRequest(
      (r) => r.url().endsWith('/api/App/events') && r.postData()?.includes('"entity":"video"') === true,
    );
    const firstPage = page.waitForResponse((r) => r.url().includes('/api/App/video/category/client?page=1'));
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await firstPage;

    const video = (i: number) => page.locator(`video[data-index="${i}"]`);
    await expect(video(0)).toBeAttached();
    await expect.poll(() => video(0).evaluate((v: HTMLVideoElement) => !v.paused && v.muted)).toBe(true);
    const view = await views;
    expect(view.headers()['api-key']).toBeTruthy();
    expect(JSON.parse(view.postData() ?? '{}')).toMatchObject({
      events: [{ type: 'view', entity: 'video', clientId: expect.stringMatching(/^web-/) }],
    });

    // Scroll to the ninth video: within two of the end, page 2 loads.
    await expect(page.locator('video')).toHaveCount(10);
    const secondPage = page.waitForResponse((r) => r.url().includes('/api/App/video/category/client?page=2'));
    await page.getByTestId('video-feed').evaluate((el) => el.scrollTo({ top: el.clientHeight * 8 }));
    await secondPage;
    await expect(page.locator('video')).toHaveCount(12);
    await expect.poll(() => video(8).evaluate((v: HTMLVideoElement) => !v.paused)).toBe(true);
    await expect.poll(() => video(0).evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
    // Far from the current one, a video lets its source go (its poster stays); near ones keep theirs, and
    // the next one loads once the current one can play. (readyState 0: HAVE_NOTHING, no media held.)
    const held = (v: HTMLVideoElement) => [v.hasAttribute('src'), v.readyState > 0];
    await expect.poll(() => video(0).evaluate(held)).toEqual([false, false]);
    await expect(video(0)).toHaveAttribute('poster', /\.jpg$/);
    // The MP4, or hls.js's media source once the server has made the video's ladder (0044).
    await expect(video(7)).toHaveAttribute('src', /\.mp4$|^blob:/);
    await expect.poll(() => video(9).evaluate(held)).toEqual([true, true]);

    // Muted until the first touch.
    expect(await video(8).evaluate((v: HTMLVideoElement) => v.muted)).toBe(true);
    await page.touchscreen.tap(20, 20);
    await expect.poll(() => video(8).evaluate((v: HTMLVideoElement) => v.muted)).toBe(false);

    // webPosition (1 s, the smallest) in, the overlay shows, in both languages, and the video behind it stops.
    await setWebPosition(api, 1);
    await page.goto('/site/');
    await page.getByRole('button', { name: 'Continue' }).click();
    const overlay = page.getByRole('dialog', { name: 'Watch the full video in our app' });
    await expect(overlay).toBeVisible();
    await expect(overlay.getByText('पूरा वीडियो हमारे ऐप में देखें')).toBeVisible();
    await expect(overlay.getByRole('link', { name: 'Download from Google Play' })).toHaveAttribute(
      'href',
      PLAY_STORE,
    );
    await expect.poll(() => video(0).evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
    await shoot(page, 'feed-overlay-375');
  });

  test('the download overlay comes after webPosition seconds of playback, not of time on the page', async ({
    page,
    api,
    media,
  }) => {
    await seedFeed(api, media, 2, 1);
    // The videos are held, as on a slow line: time passes, nothing plays.
    const held: Route[] = [];
    await page.route('**/media/videos/*.mp4', (route) => void held.push(route));
    await page.goto('/site/');
    await page.getByRole('button', { name: 'Continue' }).click();
    const first = page.getByRole('region', { name: 'Video 1', exact: true });
    await expect(first.getByRole('status', { name: 'Loading the video' })).toBeVisible();
    await page.waitForTimeout(2500);
    const overlay = page.getByRole('dialog', { name: 'Watch the full video in our app' });
    await expect(overlay).toHaveCount(0);
    // The Hindi lines' own font (this machine has no Devanagari font) is not fetched before the overlay.
    const devanagari = () =>
      page.evaluate(() => {
        const faces: string[] = [];
        document.fonts.forEach((f) => {
          if (f.family.includes('Noto Sans Devanagari')) faces.push(`${f.weight} ${f.status}`);
        });
        return faces.sort();
      });
    expect(await devanagari()).toEqual(['400 unloaded', '600 unloaded']);
    await shoot(page, 'feed-video-loading-375');

    await page.unroute('**/media/videos/*.mp4');
    for (const route of held) await route.continue().catch(() => undefined);
    const video = page.locator('video[data-index="0"]');
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused)).toBe(true);
    await expect(first.getByRole('status')).toHaveCount(0);
    await expect(overlay).toBeVisible();
    await expect.poll(devanagari).toEqual(['400 loaded', '600 loaded']);
    await shoot(page, 'feed-overlay-hindi-375');
    // It stopped the video behind it after a second of playback (webPosition 1).
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
    expect(await video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThanOrEqual(0.9);
  });

  test('while the first page is on its way, the feed says it is loading', async ({ page, api, media }) => {
    await seedFeed(api, media, 1, 100);
    let release = () => {};
    await page.route(feedPage(1), (route) => {
      release = () => void route.continue();
    });
    await page.goto('/site/');
    await page.getByRole('button', { name: 'Continue' }).click();
    const loading = page.getByRole('status', { name: 'Loading videos' });
    await expect(loading).toBeVisible();
    await shoot(page, 'feed-loading-375');
    release();
    await expect(page.getByRole('region', { name: 'Video 1', exact: true })).toBeVisible();
    await expect(loading).toHaveCount(0);
  });

  test('a next page that fails shows the error with Try Again, which loads it', async ({
    page,
    api,
    media,
  }) => {
    await seedFeed(api, media, 12, 100);
    let failures = 0;
    await page.route(feedPage(2), (route) =>
      failures++ ? route.continue() : route.abort('internetdisconnected'),
    );
    await page.goto('/site/');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.locator('video')).toHaveCount(10);
    await page.getByTestId('video-feed').evaluate((el) => el.scrollTo({ top: el.clientHeight * 8 }));
    await expect(page.getByRole('alert')).toHaveText('Error connecting to server');
    await shoot(page, 'feed-next-page-error-375');

    const secondPage = page.waitForResponse((r) => feedPage(2)(new URL(r.url())));
    await page.getByRole('button', { name: 'Try Again' }).click();
    expect((await secondPage).ok()).toBe(true);
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect.poll(() => page.locator('video').count()).toBeGreaterThan(10);
    // The videos already shown stay, and the one on screen goes on playing.
    await expect(page.getByRole('region', { name: 'Video 1', exact: true })).toBeAttached();
    await expect
      .poll(() => page.locator('video[data-index="8"]').evaluate((v: HTMLVideoElement) => !v.paused))
      .toBe(true);
  });

  test('the welcome page loads under 80 KB of script, so a phone on a slow link sees it soon', async ({
    page,
  }) => {
    // Bytes on the wire (brotli or gzip, as the browser took them). The site's own first load was 92 KB
    // when it imported the contract's route objects and with them zod; React alone is about 57 KB.
    const scripts: Promise<number>[] = [];
    page.on('requestfinished', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.sizes().then((s) => s.responseBodySize));
    });
    await page.goto('/site/');
    await expect(page.getByRole('dialog', { name: 'Welcome' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const bytes = (await Promise.all(scripts)).reduce((sum, n) => sum + n, 0);
    expect(scripts.length).toBeGreaterThan(1);
    expect(bytes).toBeLessThan(80_000);
  });

  test('declining shows Content Not Available; Try Again returns to the dialog', async ({ page }) => {
    await page.goto('/site/');
    await page.getByRole('button', { name: 'No, thanks' }).click();
    await expect(page.getByRole('heading', { name: 'Content Not Available' })).toBeVisible();
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByRole('dialog', { name: 'Welcome' })).toBeVisible();
  });

  test('an empty first page shows Content Not Available; Try Again returns to the dialog', async ({
    page,
    api,
  }) => {
    const restore = await emptyTheFeed(api);
    try {
      await page.goto('/site/');
      const firstPage = page.waitForResponse((r) => feedPage(1)(new URL(r.url())));
      await page.getByRole('button', { name: 'Continue' }).click();
      expect(((await (await firstPage).json()) as { data: unknown[] }).data).toEqual([]);
      await expect(page.getByRole('heading', { name: 'Content Not Available' })).toBeVisible();
      await page.getByRole('button', { name: 'Try Again' }).click();
      await expect(page.getByRole('dialog', { name: 'Welcome' })).toBeVisible();
    } finally {
      await restore();
    }
  });

  test('a failed feed call shows the inline red error, with Try Again while nothing is shown', async ({
    page,
    api,
    media,
  }) => {
    const category = await seedCategory(api, media);
    const ids = await seedVideos(api, media, category._id, 1);
    await api.call('PUT', '/api/App/video/web/status', { body: { id: ids, status: true } });
    await page.route('**/api/App/video/category/client**', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"status":false,"message":"x"}' }),
    );
    await page.goto('/site/');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('alert')).toHaveText('Failed to fetch videos');
    await page.route('**/api/App/video/category/client**', (route) => route.abort());
    await page.goto('/site/');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('alert')).toHaveText('Error connecting to server');
    // With nothing shown yet, the visitor can ask again.
    await page.unroute('**/api/App/video/category/client**');
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Video 1', exact: true })).toBeVisible();
  });

  test('turning the phone sideways and back resumes the same video, with the overlay still up, counted once', async ({
    page,
    api,
    media,
  }) => {
    await seedFeed(api, media, 12, 100);
    const viewed: string[] = [];
    const firstPages: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname === '/api/App/events')
        for (const e of (JSON.parse(r.postData() ?? '{}') as { events?: { id: string }[] }).events ?? [])
          viewed.push(e.id);
      if (feedPage(1)(url)) firstPages.push(r.url());
    });
    await page.goto('/site/');
    await page.getByRole('button', { name: 'Continue' }).click();
    const feed = page.getByTestId('video-feed');
    const video = (i: number) => page.locator(`video[data-index="${i}"]`);
    const playing = (i: number) => video(i).evaluate((v: HTMLVideoElement) => !v.paused);
    await expect.poll(() => playing(0)).toBe(true);
    await feed.evaluate((el) => el.scrollTo({ top: el.clientHeight * 2 }));
    await expect.poll(() => playing(2)).toBe(true);
    await expect.poll(() => viewed.length).toBe(2);

    // Sideways: wider than a phone, so the app-store gate, and nothing plays behind it.
    await page.setViewportSize({ width: 844, height: 390 });
    await expect(page.getByRole('heading', { name: 'Get Our Mobile App' })).toBeVisible();
    await expect(feed).toBeHidden();
    await expect.poll(() => playing(2)).toBe(false);
    await shoot(page, 'feed-sideways-844');

    // Upright again: the same video, where it was, with no page 1 fetched again and no view counted again.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('heading', { name: 'Get Our Mobile App' })).toHaveCount(0);
    await expect(page.getByRole('dialog', { name: 'Welcome' })).toHaveCount(0);
    await expect.poll(() => playing(2)).toBe(true);
    expect(await feed.evaluate((el) => Math.round(el.scrollTop / el.clientHeight))).toBe(2);
    await page.waitForTimeout(500);
    expect(firstPages).toHaveLength(1);
    expect(viewed).toHaveLength(2);
    expect(new Set(viewed).size).toBe(2);
    await shoot(page, 'feed-upright-again-390');

    // The download overlay, once up, is still up after a turn and back.
    await setWebPosition(api, 1);
    await page.goto('/site/');
    await page.getByRole('button', { name: 'Continue' }).click();
    const overlay = page.getByRole('dialog', { name: 'Watch the full video in our app' });
    await expect(overlay).toBeVisible();
    await page.setViewportSize({ width: 844, height: 390 });
    await expect(page.getByRole('heading', { name: 'Get Our Mobile App' })).toBeVisible();
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(overlay).toBeVisible();
    await expect.poll(() => video(0).evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
  });

  test('turning into a wide screen shows the app-store gate (re-checked on resize)', async ({ page }) => {
    await page.goto('/site/');
    await expect(page.getByRole('dialog', { name: 'Welcome' })).toBeVisible();
    await page.setViewportSize({ width: 800, height: 844 });
    await expect(page.getByRole('heading', { name: 'Get Our Mobile App' })).toBeVisible();
  });
});

test.describe('public feed on a desktop', () => {
  test('shows the app-store gate with the Google Play link', async ({ page }) => {
    await page.goto('/site/');
    await expect(page.getByRole('heading', { name: 'Get Our Mobile App' })).toBeVisible();
    await expect(
      page.getByText(
        'This content is only available on smartphones. Tablets and desktop devices are not supported.',
      ),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Download from Google Play' })).toHaveAttribute(
      'href',
      PLAY_STORE,
    );
    await expect(page.getByRole('dialog', { name: 'Welcome' })).toHaveCount(0);
    await shoot(page, 'feed-gate-desktop');
  });
});
