import { videoTabs } from '@/config/section-tabs';
import { NotAvailableYet } from '@/ui/not-available-yet';
import { Tabs } from '@/ui/tabs';

export default function VideoLibraryPage() {
  return (
    <div className="space-y-4">
      <Tabs tabs={videoTabs} label="Video section" />
      <NotAvailableYet title="Video library" />
    </div>
  );
}
