import { SHORTCUT_PAGE_SIZE } from '@streamdesk/contract/shortcut-stories';
import { useQueryClient } from '@tanstack/react-query';
import { storyTabs } from '@/config/section-tabs';
import { cn } from '@/lib/cn';
import { PageHeader } from '@/ui/page-header';
import { RunningBadge } from '@/ui/running-badge';
import { pagedList } from '@/ui/list-table';
import { Tabs } from '@/ui/tabs';
import { useAskBeforeDropping } from '@/ui/ask-before-dropping';
import { usePageParam, useStepBackToLastPage } from '@/ui/use-page-param';
import { useRowsInSteps } from '@/ui/use-rows-in-steps';
import { shortcutListQuery, useShortcutList } from '../api';
import { AddShortcutForm } from '../components/add-shortcut-form';
import { ShortcutTable } from '../components/shortcut-table';

/** Shortcut Story page (/add/story): doc 1 section 2 "Story section", a page of 100 shortcuts at a time. */
export default function ShortcutStoriesPage() {
  const pager = usePageParam();
  const { page, setPage } = pager;
  const list = useShortcutList(page);
  const client = useQueryClient();
  const reply = list.data;
  const ok = reply?.status === true ? reply : null;
  // The first screen's rows first, the rest just after (useRowsInSteps). Here, not in the table, which is
  // keyed by its page: another page draws at once.
  const drawn = useRowsInSteps(ok?.data.length ?? 0);

  // A move to another page (the pager, Back and Forward, the add's move to the last page) asks first
  // while the row in edit holds a change; the table is keyed by its page, so the move closes the row.
  const drops = useAskBeforeDropping({ inUrl: true });

  // Deleting the last shortcuts of the last page (or a bookmark past it): show the page that now is the last.
  useStepBackToLastPage(pager, ok && !list.isPlaceholderData ? ok.totalPage : undefined);

  /**
   * A new shortcut takes the next No, one past the highest, and the list is in No order: it is the last
   * one. The add resolves once the list has reloaded, so this page's reply knows how many pages there are.
   * On the last page already, the list shows it there and a row in edit keeps its change; a move to the
   * last page asks first while the row holds one (docs/decisions/0056).
   */
  const showAdded = () => {
    const fresh = client.getQueryData(shortcutListQuery(page).queryKey);
    if (!fresh?.status) return;
    const last = Math.max(1, fresh.totalPage);
    if (last !== page) drops.ask(() => setPage(last));
  };

  return (
    <div className="space-y-4">
      <Tabs tabs={storyTabs} label="Story section" />
      <PageHeader
        title="Shortcut stories"
        description="Brand shortcuts shown above the stories in the app."
        actions={ok && <RunningBadge running={ok.secondStoryBrand} />}
      />
      {ok && <AddShortcutForm nextSNo={ok.next_s_no} onAdded={showAdded} />}
      {/* While the next page loads, the last one stays in place, dimmed. */}
      <div className={cn('transition-opacity', list.isPlaceholderData && 'opacity-60')}>
        <ShortcutTable
          // A page of its own: the selection and the row being edited do not follow to another page.
          key={page}
          drops={drops}
          rows={ok?.data ?? []}
          drawn={drawn}
          list={pagedList(list, ok, {
            page,
            pageSize: SHORTCUT_PAGE_SIZE,
            things: ['shortcut', 'shortcuts'],
            onPageChange: setPage,
          })}
        />
      </div>
      {drops.dialog}
    </div>
  );
}
