import { inHouseRoutes } from '@streamdesk/contract/inhouse-ads';
import { liveMatchRoutes } from '@streamdesk/contract/live-matches';
import { notificationRoutes } from '@streamdesk/contract/notifications';
import { reelRoutes } from '@streamdesk/contract/reels';
import { shortcutRoutes } from '@streamdesk/contract/shortcut-stories';
import type { Api } from '../fixtures.js';
import type { mediaFiles } from '../media.js';
import { seedCategory, seedVideos } from './video-helpers.js';

/**
 * A row in every list of the back office, named 'Axe …': a story, a shortcut, a live match, a reel, an
 * in-house ad, a native and a web ad unit, a notification, a category with two videos.
 */
export async function seedEverything(api: Api, media: typeof mediaFiles) {
  const story = JSON.stringify({ btnName: 'Go', btnUrl: 'https://example.com' });
  await api.upload('POST', '/api/App/Add/Story/Video', { insertData: story }, { image: media.jpeg });
  await api.upload(
    'POST',
    shortcutRoutes.add.path,
    { name: 'Axe brand', url: 'https://brand.example' },
    { image: media.png },
  );
  await api.upload(
    'POST',
    liveMatchRoutes.add.path,
    { title: 'Axe match', url: 'https://example.com/live' },
    { image: media.png },
  );
  await api.upload('POST', reelRoutes.add.path, {}, { video: media.mp4 });
  await api.upload(
    'POST',
    inHouseRoutes.create.path,
    {
      mainTitle: 'Axe ad',
      subTitle: 'Subtitle',
      description: 'Description',
      callToAction: 'https://example.com/axe',
      web_stay_time: '3',
    },
    { icon: media.png, image: media.png },
  );
  const unit = { a_name: 'axe_unit', a_id: 'ca-app-pub-1/2', a_description: 'Axe unit' };
  await api.call('POST', '/api/App/ads/native/add', { body: unit });
  await api.call('POST', '/api/App/ads/webads/add', {
    body: { ...unit, a_name: 'AxeWeb', a_id: 'https://example.com/web' },
  });
  await api.upload('POST', notificationRoutes.send.path, { title: 'Axe news', message: 'Hello' }, {});
  const category = await seedCategory(api, media);
  await seedVideos(api, media, category._id, 2);
}
