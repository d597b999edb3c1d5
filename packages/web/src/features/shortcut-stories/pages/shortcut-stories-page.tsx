import { storyTabs } from '@/config/section-tabs';
import { FullPageLoader } from '@/ui/full-page-loader';
import { PageHeader } from '@/ui/page-header';
import { RunningBadge } from '@/ui/running-badge';
import { Tabs } from '@/ui/tabs';
import { LOAD_FAILED, useFailedLoadToast } from '@/ui/use-failed-load-toast';
import { useShortcutList } from '../api';
import { AddShortcutForm } from '../components/add-shortcut-form';
import { ShortcutTable } from '../components/shortcut-table';

/** Shortcut Story page (/add/story): doc 1 section 2 "Story section". */
export default function ShortcutStoriesPage() {
  const list = useShortcutList();
  const reply = list.data;
  const ok = reply?.status === true ? reply : null;
  useFailedLoadToast(reply);

  return (
    <div className="space-y-4">
      <Tabs tabs={storyTabs} label="Story section" />
      <PageHeader
        title="Shortcut stories"
        description="Brand shortcuts shown above the stories in the app."
        actions={ok && <RunningBadge running={ok.secondStoryBrand} />}
      />
      {list.isPending ? (
        <FullPageLoader />
      ) : ok ? (
        <>
          <AddShortcutForm nextSNo={ok.next_s_no} />
          <ShortcutTable rows={ok.data} />
        </>
      ) : (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-700">
          {reply?.message || LOAD_FAILED}
        </p>
      )}
    </div>
  );
}
