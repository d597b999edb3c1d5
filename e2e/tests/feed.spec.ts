import { expect, test } from '../fixtures.js';
import { seedCategory, seedVideos, shoot } from './video-helpers.js';

const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const PLAY_STORE = 'https://play.google.com/store/apps/details?id=com.example.streamdesk';

test.describe('public feed on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, userAgent: IPHONE_UA, isMobile: true, hasTouch: true });

  test('welcome dialog, autoplay of the first video, page 2 on scrolling, the download overlay', async ({
    page,
    api,
    media,
  }) => {
    const category = await seedCategory(api, media);
    const ids = await seedVideos(api, media, category._id, 12);
    await api.call('PUT', '/api/App/video/web/status', { body: { id: ids, status: true } });
    const setWebPosition = async (value: number) => {
      const saved = await api.call('PUT', '/api/App/Controler/Edit/storyAdsPosition', {
        body: { name: 'webPosition', value },
        seal: true,
      });
      expect(saved.status).toBe(true);
    };
    // The overlay stops the feed, so scrolling is checked with it 100 s away (the controller's largest value).
    await setWebPosition(100);

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
    // Far from the current one, a video lets its source go (its poster stays); near ones keep theirs.
    // (readyState 0: HAVE_NOTHING, the decoded media let go.)
    const held = (v: HTMLVideoElement) => [v.hasAttribute('src'), v.readyState > 0];
    await expect.poll(() => video(0).evaluate(held)).toEqual([false, false]);
    await expect(video(0)).toHaveAttribute('poster', /\.jpg$/);
    await expect.poll(() => video(7).evaluate(held)).toEqual([true, true]);

    // Muted until the first touch.
    expect(await video(8).evaluate((v: HTMLVideoElement) => v.muted)).toBe(true);
    await page.touchscreen.tap(20, 20);
    await expect.poll(() => video(8).evaluate((v: HTMLVideoElement) => v.muted)).toBe(false);

    // webPosition (1 s, the smallest) in, the overlay shows, in both languages, and the video behind it stops.
    await setWebPosition(1);
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

  test('declining shows Content Not Available; Try Again returns to the dialog', async ({ page }) => {
    await page.goto('/site/');
    await page.getByRole('button', { name: 'No, thanks' }).click();
    await expect(page.getByRole('heading', { name: 'Content Not Available' })).toBeVisible();
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByRole('dialog', { name: 'Welcome' })).toBeVisible();
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
