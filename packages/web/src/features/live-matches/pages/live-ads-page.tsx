import { liveMatchTabs } from '@/config/section-tabs';
import { NotAvailableYet } from '@/ui/not-available-yet';
import { Tabs } from '@/ui/tabs';

export default function LiveAdsPage() {
  return (
    <div className="space-y-4">
      <Tabs tabs={liveMatchTabs} label="Live match section" />
      <NotAvailableYet title="Live Call Management" />
    </div>
  );
}
