import { zeroPad } from '@streamdesk/contract/format';
import { INHOUSE_PAGE_SIZE, inHouseMessages, type InHouseAd } from '@streamdesk/contract/inhouse-ads';
import { useCallback, useState } from 'react';
import { androidAdTabs } from '@/config/section-tabs';
import { Button } from '@/ui/button';
import { DeleteSelectedButton } from '@/ui/bulk-delete';
import { ConfirmMathDialog } from '@/ui/confirm-math-dialog';
import { PageHeader } from '@/ui/page-header';
import { RunningBadge } from '@/ui/running-badge';
import { Tabs } from '@/ui/tabs';
import { useConfirmStatus } from '@/ui/use-confirm-update';
import { usePageParam, useStepBackToLastPage } from '@/ui/use-page-param';
import { usePageSelection } from '@/ui/use-page-selection';
import { useDeleteInHouseAds, useInHouseList, useRetryInHouseAds, useSetInHouseStatus } from '../api';
import { CreateInHouseAdForm } from '../components/create-inhouse-ad-form';
import { InHouseAdsTable } from '../components/inhouse-ads-table';
import { MediaPreviewDialog, type PreviewMedia } from '../components/media-preview';
import { SearchField } from '@/ui/search-field';
import { showingRange } from '@/ui/showing-range';

const EMPTY: InHouseAd[] = [];

export default function InHouseAdsPage() {
  // The page and the debounced query are the URL's (?page=2&q=cricket): a reload, Back or the edit
  // screen's return finds them. The typed text stays in SearchField, so typing does not re-render the
  // 100-row table.
  const pager = usePageParam();
  const { page, setPage, setFilter } = pager;
  const q = pager.params.get('q')?.trim() ?? '';
  // A new search starts at page 1, in place of the history entry: each pause in typing is not one.
  const search = useCallback((next: string) => setFilter('q', next, { replace: true }), [setFilter]);
  const [formOpen, setFormOpen] = useState(false);
  const [preview, setPreview] = useState<PreviewMedia | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);

  const list = useInHouseList(page, q);
  const setStatus = useSetInHouseStatus();
  const remove = useDeleteInHouseAds();
  const retry = useRetryInHouseAds();
  const reply = list.data;
  const ok = reply?.status === true ? reply : undefined;
  const ads = ok?.data ?? EMPTY;
  const totalPages = ok?.totalPages ?? 1;

  // The selection belongs to the rows on screen: another page or search clears it. Its toggle is stable,
  // so a tick or a switch re-renders its own row only (InHouseAdRow is memoised).
  const selection = usePageSelection(
    ads.map((ad) => ad._id),
    { resetOn: `${page} ${q}` },
  );
  const { chosen, forget } = selection;
  const { mutate: mutateStatus } = setStatus;
  // A status switch asks first, as every list row's does (docs/decisions/0055-one-confirmation-rule.md).
  const confirmStatus = useConfirmStatus({ wrongAnswerMessage: inHouseMessages.captchaWrong });
  const { ask: askStatus } = confirmStatus;
  const { mutate: mutateRetry } = retry;
  const retryAd = useCallback((id: string) => mutateRetry([id]), [mutateRetry]);
  const changeStatus = useCallback(
    (ad: InHouseAd, status: boolean) =>
      askStatus(`in-house ad "${ad.mainTitle}"`, () => mutateStatus({ id: ad._id, status })),
    [askStatus, mutateStatus],
  );

  // Past the last page (after deleting its rows, or a bookmark past it): go back to the new last page.
  useStepBackToLastPage(pager, ok && !list.isPlaceholderData ? ok.totalPages : undefined);

  // The dialog closes before the call, as every delete does: a second press cannot send it twice.
  const confirmDelete = () => {
    const ids = chosen;
    setConfirmOpen(false);
    remove.mutate(ids, { onSuccess: () => forget(ids) });
  };

  return (
    <div className="space-y-4">
      <Tabs tabs={androidAdTabs} label="Android ad kinds" />
      <PageHeader
        title="In House Ads"
        description={
          <span className="inline-flex items-center gap-2">
            In-house ads <RunningBadge running={ok?.InHouseAdsStatus ?? false} />
          </span>
        }
        actions={
          <Button write="inhouse-ads" onClick={() => setFormOpen((open) => !open)} aria-expanded={formOpen}>
            {formOpen ? 'Close form' : 'Create New Ad'}
          </Button>
        }
      />

      {formOpen && <CreateInHouseAdForm listLength={ads.length} onDone={() => setFormOpen(false)} />}

      <SearchField q={q} onSearch={search} placeholder="Title, subtitle, description or URL" />
      <InHouseAdsTable
        ads={ads}
        page={reply?.page ?? page}
        stale={list.isPlaceholderData}
        selected={selection.selected}
        onToggleRow={selection.toggle}
        list={{
          reply,
          onRetry: list.refetch,
          isPending: list.isPending,
          selection: {
            allSelected: selection.allSelected,
            onToggleAll: selection.toggleAll,
            count: chosen.length,
            actions: (
              <DeleteSelectedButton
                write="inhouse-ads"
                count={chosen.length}
                // The selection stays until the reply: held meanwhile, it cannot be sent again.
                loading={remove.isPending}
                onClick={() => setConfirmOpen(true)}
              />
            ),
          },
          paging: {
            page,
            totalPages,
            onPageChange: setPage,
            showing:
              ok &&
              !list.isPlaceholderData &&
              // A search's count stops at SEARCH_COUNT_MAX (0063): 'of 1,000+ in-house ads' then.
              showingRange(
                (page - 1) * INHOUSE_PAGE_SIZE,
                ads.length,
                ok.total,
                ['in-house ad', 'in-house ads'],
                ok.totalCapped,
              ),
            // The spec's words for where the list is (doc 2 section 9).
            pageText: `Page ${zeroPad(page)} of ${zeroPad(Math.max(1, totalPages))}`,
          },
        }}
        onStatusChange={changeStatus}
        statusPendingId={setStatus.isPending ? setStatus.variables.id : undefined}
        onPreview={setPreview}
        onRetry={retryAd}
        retryingIds={retry.isPending ? retry.variables : undefined}
      />

      <MediaPreviewDialog media={preview} onClose={() => setPreview(null)} />
      {confirmStatus.dialog}
      <ConfirmMathDialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        thing={`${chosen.length} in-house ad${chosen.length === 1 ? '' : 's'}`}
        title="Delete in-house ads"
        confirmLabel="Delete"
        wrongAnswerMessage={inHouseMessages.captchaWrong}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
