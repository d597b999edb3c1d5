import { NotAvailableYet } from '@/ui/not-available-yet';

export default function ControllerPage() {
  return <NotAvailableYet title="Controller" />;
}
