import { NotAvailableYet } from '@/ui/not-available-yet';

export default function AnalyticsPage() {
  return <NotAvailableYet title="View & Click Analytics" />;
}
