import { storyTabs } from '@/config/section-tabs';
import { NotAvailableYet } from '@/ui/not-available-yet';
import { Tabs } from '@/ui/tabs';

export default function StoryVideosPage() {
  return (
    <div className="space-y-4">
      <Tabs tabs={storyTabs} label="Story section" />
      <NotAvailableYet title="Story videos" />
    </div>
  );
}
