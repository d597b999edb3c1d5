import { androidAdTabs } from '@/config/section-tabs';
import { NotAvailableYet } from '@/ui/not-available-yet';
import { Tabs } from '@/ui/tabs';

export default function InHouseAdsPage() {
  return (
    <div className="space-y-4">
      <Tabs tabs={androidAdTabs} label="Android ad kinds" />
      <NotAvailableYet title="In House Ads" />
    </div>
  );
}
