import { adPlatforms, simpleAdKinds, type AdPlatform } from '@streamdesk/contract/ad-units';
import {
  CONTROLLER_FLAGS,
  controllerDefaults,
  PLACEMENT_FIELDS,
  placementModes,
  POSITION_NAMES,
  positionRules,
} from '@streamdesk/contract/controller';
import {
  addCall,
  HTTPS_URL,
  image,
  INHOUSE_AD_FIELDS,
  video,
  type ApiCall,
  type Upload,
} from './api-calls.js';
import { storyData, type Records } from './walk-records.js';

/** An admin write that succeeds (200) on the records stored before it. */
export interface AdminWrite {
  /** The route the call goes to, as registered: `METHOD /path/:param`. */
  route: string;
  call: (r: Records) => ApiCall;
  /** Keeps the `_id` of what the write stored under this name, for the writes after it. */
  keep?: string;
}

type Method = ApiCall['method'];
type Part = Omit<ApiCall, 'method' | 'url'>;
const write = (
  method: Method,
  route: string,
  call: (r: Records) => Omit<ApiCall, 'method'>,
  keep?: string,
) => ({
  route: `${method} ${route}`,
  call: (r: Records) => ({ method, ...call(r) }),
  ...(keep ? { keep } : {}),
});
/** A write to a route without path parameters (its URL is the route's). */
const at = (method: Method, url: string, part: (r: Records) => Part, keep?: string) =>
  write(method, url, (r) => ({ url, ...part(r) }), keep);
const json = (method: Method, url: string, body: (r: Records) => unknown, keep?: string) =>
  at(method, url, (r) => ({ json: body(r) }), keep);
const form = (
  method: Method,
  url: string,
  fields: (r: Records) => Record<string, string>,
  files: Upload[] = [],
) => at(method, url, (r) => ({ fields: fields(r), files }));
/** One of `addCall`'s adds. */
const add = (call: ApiCall, keep: string) => write(call.method, call.url, () => call, keep);
const put = (url: string, body: unknown) => json('PUT', url, () => body);
const ids = (r: Records, ...names: string[]) => ({ id: names.map((n) => r.get(n)) });
const deleteIds = (url: string, ...names: string[]) => json('DELETE', url, (r) => ids(r, ...names));

const OTHER_URL = 'https://example.org/y';
const RANGE = '?startDate=2026-01-01&endDate=2026-12-31';

const webStatus = (status: boolean, ...names: string[]) =>
  json('PUT', '/api/App/video/web/status', (r) => ({ ...ids(r, ...names), status }));
const categoriesAndVideos: AdminWrite[] = [
  add(addCall.category('Cricket'), 'category:c'),
  form('PUT', '/api/App/video/category', (r) => ({ id: r.get('category:a'), name: 'Sports 2' })),
  form('PUT', '/api/App/video/category', (r) => ({ id: r.get('category:c'), name: 'Cricket 2' }), [image()]),
  // In the public feed, so that what happens to their categories shows there too.
  webStatus(true, 'video:a1', 'video:a2', 'video:b1'),
  // Off, then on again: each status change alone.
  ...[1, 2].map(() =>
    write('PUT', '/api/App/video/category/status/:id', (r) => ({
      url: `/api/App/video/category/status/${r.get('category:b')}`,
    })),
  ),
  // Not through `add`: the category is only known once the walk has stored it.
  write('POST', '/api/App/video', (r) => addCall.video(r.get('category:c')), 'video:c1'),
  webStatus(false, 'video:a1'),
  deleteIds('/api/App/video/', 'video:a2'),
  // With its video.
  write('DELETE', '/api/App/video/category/:id', (r) => ({
    url: `/api/App/video/category/${r.get('category:b')}`,
  })),
];

const reels: AdminWrite[] = [add(addCall.reel(), 'reel:3'), deleteIds('/api/App/reels', 'reel:1')];

const storyEdit = (name: string, changes: Parameters<typeof storyData>[0], files: Upload[] = []) =>
  form(
    'PUT',
    '/api/App/Edit/story/video',
    (r) => ({ _id: JSON.stringify(r.get(name)), insertData: storyData(changes) }),
    files,
  );
const stories: AdminWrite[] = [
  add(addCall.story(storyData({ btnName: 'New' })), 'story:3'),
  add(addCall.story(storyData({ adsStory: true })), 'story:ads2'),
  storyEdit('story:1', { btnName: 'Open', btnUrl: OTHER_URL }),
  // An image story becomes a video story.
  storyEdit('story:3', {}, [video()]),
  // A limit of 0 views is reached at once: the app stops showing the story.
  storyEdit('story:1', { maxviewLimit: 0, maxviewStatus: true }),
  storyEdit('story:ads', { status: false }),
  json('PUT', '/api/App/story/video/status', (r) => ({ _id: r.get('story:2'), status: false })),
  json('PUT', '/api/App/story/ads/status', (r) => ({ _id: r.get('story:ads'), status: true })),
  deleteIds('/api/App/delete/story/video', 'story:3'),
  deleteIds('/api/App/delete/story/ads', 'story:ads2'),
];

const matchStatus = (status: boolean) =>
  write('PUT', '/api/App/liveMatch/admin/status/:id', (r) => ({
    url: `/api/App/liveMatch/admin/status/${r.get('match:2')}`,
    json: { status },
  }));
const FIRE = '/api/App/LiveMatch/admin/ads/fire';
const fire = (name: string, keep: string) =>
  json('POST', FIRE, () => ({ Adstype: 'Url_Ads_Fire', a_name: name, url: HTTPS_URL }), keep);
const WEB_LIVE = '/api/App/liveMatch/liveAdsWeb';
const liveMatches: AdminWrite[] = [
  add(addCall.liveMatch(), 'match:3'),
  form(
    'PUT',
    '/api/App/liveMatch/admin',
    (r) => ({ _id: r.get('match:1'), title: 'Final 2', url: OTHER_URL }),
    [image()],
  ),
  matchStatus(false),
  matchStatus(true),
  deleteIds('/api/App/liveMatch/admin', 'match:3'),
  put('/api/App/liveMatch/liveAds', { banner_id: 'ca-app-pub-1/2', native_id: 'ca-app-pub-1/3' }),
  json('POST', WEB_LIVE, () => ({ a_name: 'Sponsor', a_url: HTTPS_URL }), 'webLive:sponsor'),
  fire('Sponsor', 'fire:1'),
  json('PUT', WEB_LIVE, (r) => ({ _id: r.get('webLive:sponsor'), a_name: 'Sponsor2', a_url: OTHER_URL })),
  fire('WEB_URL_1', 'fire:2'),
  // The latest fire: the app's latest-fire read is withdrawn (null), never the older fire:1.
  deleteIds(`${FIRE}/history`, 'fire:2'),
  fire('WEB_URL_1', 'fire:3'),
  // Not the latest: the app's latest-fire read stays as it was.
  deleteIds(`${FIRE}/history`, 'fire:1'),
  deleteIds(WEB_LIVE, 'webLive:sponsor'),
];

const adBases: Record<AdPlatform, string> = { android: '/api/App/ads', ios: '/api/ios/ads' };
const unit = { a_name: 'Home', a_id: 'ca-app-pub-3940256099942544/6300978111', a_description: 'Home' };
function adUnitsOf(platform: AdPlatform): AdminWrite[] {
  const base = adBases[platform];
  const web = `web:${platform}`;
  const webAd = (r: Records, route: string) => ({ url: `${base}/webads/${route}/${r.get(web)}` });
  return [
    ...simpleAdKinds.flatMap((kind) => [
      // force: a test unit id of one kind is refused as another kind's without it; that check is not walked.
      write(
        'POST',
        `${base}/:kind/add`,
        () => ({ url: `${base}/${kind}/add`, json: { ...unit, force: true } }),
        `unit:${platform}:${kind}`,
      ),
      write('PUT', `${base}/:kind/update/:id`, (r) => ({
        url: `${base}/${kind}/update/${r.get(`unit:${platform}:${kind}`)}`,
        json: { ...unit, a_id: `${unit.a_id}0`, force: true },
      })),
    ]),
    // One kind's delete: the route is the same for every kind, and each write walks every app read.
    write('DELETE', `${base}/:kind/delete/:id`, (r) => ({
      url: `${base}/${simpleAdKinds[0]}/delete/${r.get(`unit:${platform}:${simpleAdKinds[0]}`)}`,
    })),
    json(
      'POST',
      `${base}/webads/add`,
      () => ({ a_name: 'Web', a_id: HTTPS_URL, a_description: 'Web ad' }),
      web,
    ),
    write('PUT', `${base}/webads/update/:id`, (r) => ({
      ...webAd(r, 'update'),
      json: { a_name: 'Web', a_id: OTHER_URL, a_description: 'Web ad 2' },
    })),
    // Nothing counted: clears that take nothing off.
    write('DELETE', `${base}/webads/count/remove/:id`, (r) => ({
      url: `${webAd(r, 'count/remove').url}${RANGE}`,
    })),
    write('DELETE', `${base}/webads/count/all/remove`, () => ({
      url: `${base}/webads/count/all/remove${RANGE}`,
    })),
    write('DELETE', `${base}/webads/delete/:id`, (r) => webAd(r, 'delete')),
  ];
}

const INHOUSE = '/api/App/inhouse/ads';
const inHouseStatus = (status: boolean) =>
  json('POST', `${INHOUSE}/update/status`, (r) => ({ id: r.get('inhouse:2'), status }));
const shortcutsAndInHouseAds: AdminWrite[] = [
  add(addCall.shortcut(), 'shortcut:3'),
  form(
    'PUT',
    '/api/sortcut',
    (r) => ({ _id: r.get('shortcut:1'), name: 'Football', url: OTHER_URL, s_no: '7', label: 'LIVE' }),
    [image()],
  ),
  deleteIds('/api/sortcut', 'shortcut:2'),
  add(addCall.inhouseAd(), 'inhouse:3'),
  form('PUT', INHOUSE, (r) => ({ id: r.get('inhouse:1'), ...INHOUSE_AD_FIELDS, mainTitle: 'Ad 2' })),
  form('PUT', INHOUSE, (r) => ({ id: r.get('inhouse:2'), ...INHOUSE_AD_FIELDS, btnName: 'Open' }), [
    image('icon'),
    image(),
  ]),
  inHouseStatus(false),
  inHouseStatus(true),
  deleteIds(INHOUSE, 'inhouse:3'),
];

const rollbackTo = (versions: string, n: number) =>
  write('POST', `${versions}/:n/rollback`, () => ({ url: `${versions}/${n}/rollback` }));

const controller: AdminWrite[] = [
  // Each switch away from its default, then back.
  ...CONTROLLER_FLAGS.flatMap((name) =>
    [!controllerDefaults[name], controllerDefaults[name]].map((status) =>
      put('/api/App/Controler/Edit/storyVideo', { name, status }),
    ),
  ),
  ...POSITION_NAMES.map((name) =>
    put('/api/App/Controler/Edit/storyAdsPosition', { name, value: positionRules[name].min + 1 }),
  ),
  put('/api/App/Controler/Edit/weburl', { field: 'webRedirectUrl', url: OTHER_URL }),
  put('/api/App/Controler/Edit/weburl', { field: 'searchText', url: 'Find a match' }),
  put('/api/App/Controler/Edit/weburl', { field: 'maintenanceMessage', url: 'Back at 19:30' }),
  put('/api/App/Controler/Edit/facebook/data', { facebook_app_id: '123', facebook_client_token: 'abc' }),
  put('/api/App/Controler/Edit/phone/pay', { upi_id: 'team@upi', payee_name: 'Team', phone: '9876543210' }),
  put('/api/App/Controler/Edit/payAmount', { payAmount: 49.5 }),
  put('/api/App/controler/install/new', { btn_url: OTHER_URL }),
  ...PLACEMENT_FIELDS.map((field) =>
    put('/api/App/controler/admin/afterIntro/change', { field, name: placementModes[field][1] }),
  ),
  // Back to the settings before the walk's first change (version 1): every setting changed above at once.
  rollbackTo('/api/admin/controller/versions', 1),
];

/** Deletes of two at once, after the edits of what they delete. */
const bulkDeletes: AdminWrite[] = [
  deleteIds('/api/App/reels', 'reel:2', 'reel:3'),
  deleteIds('/api/App/delete/story/video', 'story:1', 'story:2'),
  deleteIds('/api/App/liveMatch/admin', 'match:1', 'match:2'),
  deleteIds('/api/sortcut', 'shortcut:1', 'shortcut:3'),
  deleteIds(INHOUSE, 'inhouse:1', 'inhouse:2'),
  deleteIds('/api/App/video/', 'video:a1', 'video:c1'),
];

const policyNotificationsAndSessions: AdminWrite[] = [
  put('/api/App/policy/admin/update', { policy_title: 'Policy', policy_description: '<p>New text</p>' }),
  rollbackTo('/api/admin/policy/versions', 1),
  form('POST', '/api/App/notification/send', () => ({ title: 'Kick-off', message: 'At 8', url: HTTPS_URL })),
  json('POST', '/api/App/notification/resend', (r) => ({
    title: 'Again',
    message: 'At 8',
    url: HTTPS_URL,
    fileName: r.get('icon:1'),
  })),
  deleteIds('/api/App/notification/delete', 'notification:1'),
  // Nothing counted (the walk sends no events): a clear with nothing to take off.
  write('DELETE', '/api/admin/view/dashbord/:id', (r) => ({
    url: `/api/admin/view/dashbord/${r.get('story:ads')}`,
  })),
  // A session of its own: signing out the walk's would refuse every write after it.
  at('POST', '/api/admin/logout', (r) => ({
    headers: { authorization: `Bearer ${r.get('session:second')}` },
  })),
];

/** Restores from the trash, and a delete forever, of what the bulk deletes moved there. */
const trash: AdminWrite[] = [
  json('POST', '/api/admin/trash/restore', (r) => ids(r, 'story:1', 'match:1', 'reel:2', 'web:android')),
  json('DELETE', '/api/admin/trash', (r) => ids(r, 'story:2')),
];

/** Every admin write of the walk, in the order they run. */
export const ADMIN_WRITES: AdminWrite[] = [
  ...categoriesAndVideos,
  ...reels,
  ...stories,
  ...liveMatches,
  ...adPlatforms.flatMap(adUnitsOf),
  ...shortcutsAndInHouseAds,
  ...controller,
  ...bulkDeletes,
  ...trash,
  ...policyNotificationsAndSessions,
];

/**
 * Admin write routes the walk does not send, each with why. A new admin write route is neither here nor
 * in ADMIN_WRITES, and fails the walk until it is one or the other.
 */
export const NOT_WALKED: Record<string, string> = {
  // The team is the back office's own: no app read is built from people, roles or their status.
  'POST /api/admin/team': 'adds a person; no app read shows the team',
  'PUT /api/admin/team/:id': "changes a person's role or status; no app read shows the team",
  'PUT /api/admin/security': 'requires two-step sign-in of the team or not; no app read shows the team',
  'POST /api/admin/team/:id/password/reset': "resets a person's password; no app read shows the team",
  'DELETE /api/admin/team/:id/sessions': "ends a person's sessions; no app read shows the team",
  'DELETE /api/admin/team/:id/sign-in-lock': "forgets a person's failed sign-ins; no app read shows them",
  // One's own account: name, password and sessions are the back office's own too.
  'PUT /api/admin/account': "changes one's name; no app read shows the team",
  'POST /api/admin/account/password': "changes one's password; no app read shows the team",
  'DELETE /api/admin/account/sessions/:id': "ends one of one's sessions; no app read shows the team",
  'DELETE /api/admin/account/sessions': "ends one's other sessions; no app read shows the team",
  'POST /api/admin/account/two-step/start': "starts one's two-step set-up; no app read shows the team",
  'POST /api/admin/account/two-step/confirm': "turns one's two-step on; no app read shows the team",
  'POST /api/admin/account/two-step/disable': "turns one's two-step off; no app read shows the team",
  'POST /api/admin/activity/:id/revert':
    "writes back an entry's before values through the feature's own update; activity-revert.test.ts checks the app reads them",
  'PUT /api/App/video/title': "changes a library video's title; no app read carries titles",
  'POST /api/App/video/retry':
    "queues a failed video's processing again; the app's `hls` changes when the run ends (videos.processing.test.ts)",
  'POST /api/App/reels/retry':
    "queues a failed reel's processing again; reels.processing.test.ts checks the app's list shows it queued",
  'POST /api/App/inhouse/ads/retry':
    "queues a failed video ad's processing again; inhouse-ads.processing.test.ts checks the app's list shows it queued",
  'POST /api/App/story/video/retry':
    "queues a failed story video's processing again; stories.processing.test.ts checks the app's list shows it queued",
  'POST /api/App/story/ads/retry':
    "queues a failed video story ad's processing again; stories.processing.test.ts checks the app's list shows it queued",
  // A resumable upload makes its video in the PATCH that brings the last byte, through videos.upload: the
  // write POST /api/App/video makes (walked). video-uploads.test.ts checks the library after it.
  'POST /api/App/video/uploads': 'starts a resumable upload; no video exists until its last byte',
  'OPTIONS /api/App/video/uploads': 'says the tus version and limits; writes nothing',
  'PATCH /api/App/video/uploads/:id':
    "adds bytes; the last ones make the video as POST /api/App/video's write",
  'DELETE /api/App/video/uploads/:id': 'cancels an unfinished upload; no app read shows one',
  // A scheduled change changes the settings when it runs (a job), through the same writes as the walk's.
  'POST /api/admin/controller/schedules':
    'stores a scheduled change; nothing the app reads changes until it runs',
  'PUT /api/admin/controller/schedules/:id': 'edits a scheduled change that has not run',
  'DELETE /api/admin/controller/schedules/:id': 'cancels a scheduled change that has not run',
  'PUT /api/App/notification/scheduled/:id': 'edits a notification scheduled for later; no app read shows it',
  'POST /api/App/notification/scheduled/:id/cancel':
    'cancels a notification scheduled for later; no app read shows it',
};
