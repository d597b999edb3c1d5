import { NotAvailableYet } from '@/ui/not-available-yet';

export default function NotificationsPage() {
  return <NotAvailableYet title="Notifications" />;
}
