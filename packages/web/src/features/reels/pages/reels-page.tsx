import { DEFAULT_REEL_SORT, REELS_PAGE_SIZE, reelSort } from '@streamdesk/contract/reels';
import { storyTabs } from '@/config/section-tabs';
import { EmptyState } from '@/ui/empty-state';
import { NoMatches } from '@/ui/no-matches';
import { PageHeader } from '@/ui/page-header';
import { RunningBadge } from '@/ui/running-badge';
import { SearchField } from '@/ui/search-field';
import { pagedList } from '@/ui/list-table';
import { Tabs } from '@/ui/tabs';
import { usePageParam, useStepBackToLastPage } from '@/ui/use-page-param';
import { useSearchAndSort } from '@/ui/use-search-and-sort';
import { useReelsPage } from '../api';
import { ReelsTable } from '../components/reels-table';
import { UploadReelForm } from '../components/upload-reel-form';

/**
 * Reels (/story/add/reels): doc 1 section 2 "Reels", searched by file name and sorted by a header
 * (issue 36), the page, search and order in the URL.
 */
export default function ReelsPage() {
  const pager = usePageParam();
  const { page, setPage } = pager;
  const { q, sort, onSearch, onSort, clearSearch } = useSearchAndSort(pager, reelSort, DEFAULT_REEL_SORT);
  const list = useReelsPage({ page, q, sort });
  const reply = list.data;
  const ok = reply?.status === true ? reply : null;
  // Deleting the last reels of the last page (or a bookmark past it): step back to a page that exists.
  useStepBackToLastPage(pager, ok && !list.isPlaceholderData ? ok.totalPage : undefined);

  return (
    <div className="space-y-4">
      <Tabs tabs={storyTabs} label="Story section" />
      <PageHeader
        title="Story Reels"
        description={ok ? `${ok.total} ${ok.total === 1 ? 'reel' : 'reels'}` : undefined}
        actions={ok && <RunningBadge running={ok.reels} />}
      />
      <UploadReelForm />
      <SearchField q={q} onSearch={onSearch} placeholder="File name" />
      <ReelsTable
        rows={ok?.data ?? []}
        page={page}
        sort={sort}
        onSort={onSort}
        list={{
          ...pagedList(list, ok, {
            page,
            pageSize: REELS_PAGE_SIZE,
            things: ['reel', 'reels'],
            onPageChange: setPage,
          }),
          emptyText: q ? (
            <NoMatches things="reels" q={q} onClear={clearSearch} />
          ) : (
            <EmptyState title="No reels yet">Upload an MP4 above to add the first reel.</EmptyState>
          ),
        }}
      />
    </div>
  );
}
