import { NotAvailableYet } from '@/ui/not-available-yet';

export default function PolicyPage() {
  return <NotAvailableYet title="Privacy Policy" />;
}
