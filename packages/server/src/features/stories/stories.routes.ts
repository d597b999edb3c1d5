import { launchListPages } from '../../platform/registries.js';
import {
  APP_STORIES_PAGE,
  storiesDeletedMessage,
  storyMessages,
  storyRoutes,
} from '@streamdesk/contract/stories';
import type { FeatureContext } from '../../platform/feature-context.js';
import { sendCached } from '../../platform/http/cached-reply.js';
import { registerRoute } from '../../platform/http/register-route.js';
import type { ForgetCounts } from '../../platform/item-counter.js';
import { storyCounter } from './stories.counter.js';
import {
  createStoriesService,
  progressTags,
  STORIES_PROGRESS_TAG,
  STORIES_TAG,
  STORY_FOLDER,
} from './stories.service.js';

/** Stories: the admin forms and lists, the app's cached list (a launch list), and the story counter. */
export function registerStories(ctx: FeatureContext, deps: { forgetCounts: ForgetCounts }) {
  ctx.mediaColumns.declare('stories', ['video', 'image', 'thembnal', 'hls', 'hls_files']);
  const { app, media, cache } = ctx;
  const stories = createStoriesService(ctx, deps);

  const upload = { upload: { store: media, folder: STORY_FOLDER } };
  registerRoute(
    app,
    storyRoutes.add,
    async (request) => ({
      status: true,
      message: storyMessages.added,
      data: await stories.add(request.body, request.uploads),
    }),
    upload,
  );
  registerRoute(
    app,
    storyRoutes.edit,
    async (request) => ({
      status: true,
      message: storyMessages.updated,
      data: await stories.edit(request.body, request.uploads),
    }),
    upload,
  );

  const r = storyRoutes;
  for (const [ads, list, remove, find, status, retry] of [
    [false, r.listVideo, r.deleteVideo, r.findVideo, r.statusVideo, r.retryVideo],
    [true, r.listAds, r.deleteAds, r.findAds, r.statusAds, r.retryAds],
  ] as const) {
    registerRoute(app, list, async (request) => ({
      status: true,
      message: storyMessages.list,
      ...(await stories.list(
        { ads, q: request.query.q, sort: request.query.sort },
        request.query.page,
        request.query.limit,
      )),
    }));
    registerRoute(app, remove, async (request) => {
      const deleted = await stories.remove(request.body.id, ads);
      return { status: true, message: storiesDeletedMessage(deleted), deleted };
    });
    registerRoute(app, find, async (request) => ({
      status: true,
      message: storyMessages.found,
      ...(await stories.find(request.query.id, ads)),
    }));
    registerRoute(app, status, async (request) => ({
      status: true,
      message: storyMessages.statusUpdated,
      data: await stories.setStatus(request.body._id, ads, request.body.status),
    }));
    registerRoute(app, retry, async (request) => {
      const retried = await stories.retry(request.body.id, ads);
      return { status: true, message: storyMessages.retried(retried), retried };
    });
  }

  const shown = async (page: number, limit: number) => ({
    status: true,
    message: storyMessages.list,
    ...(await stories.shown(page, limit)),
  });
  // A page holding a story video in processing is dropped when its percent moves (0059).
  const appList = launchListPages(cache, 'stories:app', [STORIES_TAG], APP_STORIES_PAGE, shown, {
    tagsOf: progressTags,
    launchTags: [STORIES_PROGRESS_TAG],
  });

  // The app polls this: served from memory with an ETag until a story write invalidates it.
  registerRoute(app, storyRoutes.app, async (request, reply) =>
    sendCached(request, reply, await appList.readPage(request.query.page, request.query.limit)),
  );
  ctx.launch.addList('stories', { path: storyRoutes.app.path, ...appList });
  return { counter: storyCounter };
}
