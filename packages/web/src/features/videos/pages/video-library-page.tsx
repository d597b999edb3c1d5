import { useCallback, useEffect, useMemo, useState } from 'react';
import { toast } from 'sonner';
import {
  ADMIN_VIDEO_PAGE_SIZE,
  videoMessages,
  videoSort,
  webFilter,
  type Video,
} from '@streamdesk/contract/videos';
import { videoTabs } from '@/config/section-tabs';
import { ApiCallError, gotNoReply, isNetworkFailure, refusedOrNoReply } from '@/lib/api-client';
import { Button } from '@/ui/button';
import { ConfirmMathDialog } from '@/ui/confirm-math-dialog';
import { Dialog } from '@/ui/dialog';
import { ListTable } from '@/ui/list-table';
import { NoMatches } from '@/ui/no-matches';
import { PageHeader } from '@/ui/page-header';
import { Tabs } from '@/ui/tabs';
import { toastDeleted } from '@/ui/toast-deleted';
import { toastSuccess } from '@/ui/toast-success';
import { useConfirmStatus } from '@/ui/use-confirm-update';
import { useFailureToast } from '@/ui/use-failed-load-toast';
import { usePageParam, useStepBackToLastPage } from '@/ui/use-page-param';
import { usePageSelection } from '@/ui/use-page-selection';
import { useRowsInSteps } from '@/ui/use-rows-in-steps';
import { useSearchAndSort } from '@/ui/use-search-and-sort';
import { VideoPlayer } from '@/ui/video-player';
import {
  useDeleteVideos,
  useRetryVideos,
  useSetWebStatus,
  useVideoCategories,
  useVideoLibrary,
  useWebVideoCount,
} from '../api';
import { LibraryFilters } from '../components/library-filters';
import { RenameVideoDialog } from '../components/rename-video-dialog';
import { VideoRow, type VideoRowActions } from '../components/video-row';
import { WEB_FEED_RULE, WebFeedNote } from '../components/web-feed-note';

/** The list's words for a failed load (said in the list, with a Retry, and toasted). */
function loadError(query: ReturnType<typeof useVideoLibrary>): string {
  if (query.isError)
    return gotNoReply(query.error) ? videoMessages.connectionError : videoMessages.loadFailed;
  const data = query.data;
  if (data && !data.status)
    return isNetworkFailure(data) ? videoMessages.connectionError : videoMessages.loadFailed;
  return '';
}

const LIBRARY_COLUMNS = [
  '#',
  'Thumbnail',
  'Title',
  'Details',
  'State',
  'Date',
  'Web Status',
  { label: 'Actions', className: 'text-right' },
] as const;
// The headers that order the list, by their label (the Sort by select sets the same order).
const LIBRARY_SORTING = { Title: { column: 'title' }, Date: { column: 'date', descFirst: true } };

export default function VideoLibraryPage() {
  // The filters, the search, the order and the page are the URL's (?category=<id>&web=true&q=derby&
  // sort=title&page=3), defaults left out: a reload, Back or a bookmark finds the same view. A filter
  // starts again at page 1.
  const pager = usePageParam();
  const { page, setPage, setFilter, params } = pager;
  const category = params.get('category') || 'all';
  const web = webFilter.safeParse(params.get('web')).data ?? 'all';
  // The Sort by select and the Title and Date headers set one order (duration and views are in Details).
  const { q, sort, onSearch, onSort, clearSearch } = useSearchAndSort(pager, videoSort, '-date');
  const [renaming, setRenaming] = useState<Video | null>(null);
  const [deleting, setDeleting] = useState<string[] | null>(null);
  const [viewing, setViewing] = useState<Video | null>(null);
  const [actionError, setActionError] = useState('');

  const categories = useVideoCategories();
  // A category the URL names that is not there (a bookmark of a deleted one) would be a 404 and a red
  // banner: the library waits for the categories, and shows every video instead, saying why.
  const known = categories.data?.data;
  const gone = category !== 'all' && known !== undefined && !known.some((c) => c._id === category);
  const library = useVideoLibrary(
    { category, web, page, q, sort },
    category === 'all' || (known !== undefined && !gone) || categories.isError,
  );
  useEffect(() => {
    if (!gone) return;
    setFilter('category', undefined, { replace: true });
    toast.info(videoMessages.categoryGone);
  }, [gone, setFilter]);
  const webCount = useWebVideoCount().data;
  const setWebStatus = useSetWebStatus();
  const removeVideos = useDeleteVideos();

  const reply = library.data?.status ? library.data : undefined;
  const videos = useMemo(() => reply?.data ?? [], [reply]);
  const totalPage = reply?.totalPage ?? 0;
  const totalRecord = reply?.totalRecord ?? 0;
  // A search's count stops at SEARCH_COUNT_MAX (0063): '1000+ videos' then.
  const totalText = reply?.totalCapped ? `${totalRecord}+` : String(totalRecord);
  const ids = videos.map((v) => v._id);
  // The first screen's rows first, the rest just after (useRowsInSteps): the page's 100 rows at once took
  // a quarter of a second of rendering and as much of layout before the first paint, CPU slowed 4x.
  const drawn = useRowsInSteps(videos.length);
  const loadFailure = loadError(library);
  // Failed loads are said in a toast too (doc 2 section 8 lists their messages with the others).
  useFailureToast(loadFailure, library.dataUpdatedAt + library.errorUpdatedAt);
  useFailureToast(categories.isError ? videoMessages.categoriesError : '', categories.errorUpdatedAt);

  // A page emptied by a write (a delete, or a web change under a Web Status filter), or a bookmark past
  // the last page, shows the page that now is the last.
  useStepBackToLastPage(pager, reply && !library.isPlaceholderData ? totalPage : undefined);

  // Another filter or page, however it came (the controls, Back, the step back): a fresh selection, and
  // the last action's error no longer applies. Adjusted while rendering, as React advises. The bulk bar
  // counts and sends the ticked rows of this page (docs/decisions/0058, "Page selections").
  const view = `${category} ${web} ${page} ${q} ${sort}`;
  const selection = usePageSelection(ids, { resetOn: view });
  const { toggle, forget } = selection;
  const [shownView, setShownView] = useState(view);
  if (view !== shownView) {
    setShownView(view);
    setActionError('');
  }

  // Stable (useCallback over stable setters and mutateAsync), so the memoised rows re-render only when
  // their own props change: a tick re-renders its row, not the page's hundred.
  const { mutateAsync: sendWebStatus } = setWebStatus;
  const changeWeb = useCallback(
    async (targets: string[], status: boolean) => {
      if (!targets.length) return void toast.error(videoMessages.selectToUpdate);
      try {
        const result = await sendWebStatus({ id: targets, status });
        setActionError('');
        toastSuccess(
          videoMessages.webUpdated(status, 'modified' in result ? result.modified : targets.length),
        );
        forget(targets);
      } catch (error) {
        const message = refusedOrNoReply(error, videoMessages.webStatusFailed, videoMessages.webStatusError);
        setActionError(message);
        toast.error(message);
      }
    },
    [sendWebStatus, forget],
  );

  // Enable and Disable Web ask first, one video or many, as every status switch does
  // (docs/decisions/0055-one-confirmation-rule.md).
  const confirmWeb = useConfirmStatus();
  const { ask: askStatus } = confirmWeb;
  const askWeb = useCallback(
    (targets: string[], status: boolean) => {
      if (!targets.length) return void toast.error(videoMessages.selectToUpdate);
      askStatus(
        targets.length === 1 ? '1 video' : `${targets.length} videos`,
        () => void changeWeb(targets, status),
        `${status ? 'enable' : 'disable'} web access for`,
      );
    },
    [askStatus, changeWeb],
  );

  const { mutateAsync: sendRetry } = useRetryVideos();
  const retry = useCallback(
    async (video: Video) => {
      try {
        const { retried } = await sendRetry([video._id]);
        setActionError('');
        toastSuccess(videoMessages.retried(retried));
      } catch (error) {
        // A refusal says why in the server's words (not failed any more: another admin retried it).
        const refused = error instanceof ApiCallError ? error.message : videoMessages.retryFailed;
        const message = refusedOrNoReply(error, refused, videoMessages.retryFailed);
        setActionError(message);
        toast.error(message);
      }
    },
    [sendRetry],
  );

  const askDelete = useCallback((targets: string[]) => {
    if (!targets.length) return void toast.error(videoMessages.selectToDelete);
    setDeleting(targets);
  }, []);

  const rowActions = useMemo<VideoRowActions>(
    () => ({
      toggle,
      view: setViewing,
      changeWeb: (video) => askWeb([video._id], !video.web),
      rename: setRenaming,
      remove: (video) => askDelete([video._id]),
      retry: (video) => void retry(video),
    }),
    [toggle, askWeb, askDelete, retry],
  );

  const confirmDelete = async () => {
    const targets = deleting ?? [];
    setDeleting(null);
    try {
      // The server's count, not the ids sent: a video another admin deleted meanwhile is not counted.
      const { deleted } = await removeVideos.mutateAsync(targets);
      setActionError('');
      // Moved to the trash: the toast offers Undo (docs/decisions/0037-trash.md).
      toastDeleted(deleted === 1 ? videoMessages.deletedOne : videoMessages.deletedMany(deleted), targets);
      forget(targets);
    } catch (error) {
      const message = refusedOrNoReply(error, videoMessages.deleteFailed, videoMessages.deleteError);
      setActionError(message);
      toast.error(message);
    }
  };

  const { chosen } = selection;
  const busy = setWebStatus.isPending || removeVideos.isPending;
  return (
    <div className="space-y-4">
      <Tabs tabs={videoTabs} label="Video section" />
      <PageHeader
        title="Video Library"
        // No count until a list came: a failed load is not '0 videos' (the red banner says what happened).
        description={reply && `${totalText} ${totalText === '1' ? 'video' : 'videos'}`}
      />
      <LibraryFilters
        categories={categories.data?.data ?? []}
        category={category}
        web={web}
        q={q}
        sort={sort}
        onCategory={(id) => setFilter('category', id === 'all' ? undefined : id)}
        onWeb={(value) => setFilter('web', value === 'all' ? undefined : value)}
        onSearch={onSearch}
        onSort={onSort}
      />
      {categories.isError && <p className="text-sm text-red-600">{videoMessages.categoriesError}</p>}
      {actionError && (
        <div
          role="alert"
          className="rounded-md bg-red-50 px-3 py-2 text-sm font-medium text-red-700 ring-1 ring-red-200"
        >
          {actionError}
        </div>
      )}

      {webCount === 0 && reply && (totalRecord > 0 || web === 'true') && (
        <WebFeedNote>
          No video is on the web feed yet. {WEB_FEED_RULE} Select videos and press Enable Web.
        </WebFeedNote>
      )}

      <ListTable
        caption="Videos"
        columns={LIBRARY_COLUMNS}
        reply={library.data}
        failure={loadFailure || undefined}
        onRetry={library.refetch}
        isPending={library.isPending}
        isEmpty={videos.length === 0}
        loadingText="Loading videos…"
        emptyText={q ? <NoMatches things="videos" q={q} onClear={clearSearch} /> : 'No videos found'}
        sorting={{ sort, onSort, columns: LIBRARY_SORTING }}
        selection={{
          allSelected: selection.allSelected,
          onToggleAll: selection.toggleAll,
          count: chosen.length,
          // The spec's three bulk actions and their words (doc 2, 'Video show page'); at 0 they say
          // what to do (the spec's messages) rather than being disabled.
          actions: (
            <>
              <Button
                write="videos"
                size="sm"
                variant="secondary"
                disabled={busy}
                onClick={() => askWeb(chosen, true)}
              >
                Enable Web ({chosen.length})
              </Button>
              <Button
                write="videos"
                size="sm"
                variant="secondary"
                disabled={busy}
                onClick={() => askWeb(chosen, false)}
              >
                Disable Web ({chosen.length})
              </Button>
              <Button
                write="videos"
                size="sm"
                variant="danger"
                disabled={busy}
                onClick={() => askDelete(chosen)}
              >
                Delete Selected ({chosen.length})
              </Button>
            </>
          ),
        }}
        paging={{
          page,
          totalPages: totalPage,
          onPageChange: setPage,
          // The spec's footer, 'Showing N of M videos' (doc 2, 'Video show page'), once this view's
          // reply came (not while another page's rows stand in for it); at 0 too, as the spec has it.
          showing: reply && !library.isPlaceholderData && `Showing ${videos.length} of ${totalText} videos`,
          showingWhenEmpty: true,
        }}
      >
        {videos.slice(0, drawn).map((video, index) => (
          <VideoRow
            key={video._id}
            video={video}
            number={ADMIN_VIDEO_PAGE_SIZE * (page - 1) + index + 1}
            checked={selection.isSelected(video._id)}
            busy={busy}
            on={rowActions}
          />
        ))}
      </ListTable>

      <ConfirmMathDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete videos"
        thing={deleting?.length === 1 ? '1 video' : `${deleting?.length ?? 0} videos`}
        confirmLabel="Delete"
        onConfirm={() => void confirmDelete()}
      />
      {confirmWeb.dialog}
      <RenameVideoDialog video={renaming} onClose={() => setRenaming(null)} />
      <Dialog open={viewing !== null} onOpenChange={(open) => !open && setViewing(null)} title="Video">
        {viewing && (
          <div className="space-y-3">
            {/* A portrait video is held to 60% of the screen's height, so the dialog and Close fit. */}
            <VideoPlayer
              video={viewing.video}
              hls={viewing.hls}
              poster={viewing.poster || viewing.thumbnail}
              aria-label={viewing.title}
              controls
              autoPlay
              className="max-h-[60dvh] w-full rounded-md bg-black object-contain"
            />
            <div className="flex justify-end">
              <Button variant="secondary" onClick={() => setViewing(null)}>
                Close
              </Button>
            </div>
          </div>
        )}
      </Dialog>
    </div>
  );
}
