import { liveMatchTabs } from '@/config/section-tabs';
import { NotAvailableYet } from '@/ui/not-available-yet';
import { Tabs } from '@/ui/tabs';

export default function WebLiveAdsHistoryPage() {
  return (
    <div className="space-y-4">
      <Tabs tabs={liveMatchTabs} label="Live match section" />
      <NotAvailableYet title="Live Ads History" />
    </div>
  );
}
