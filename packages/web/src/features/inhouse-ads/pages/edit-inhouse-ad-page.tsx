import { NotAvailableYet } from '@/ui/not-available-yet';

export default function EditInHouseAdPage() {
  return <NotAvailableYet title="Edit in-house ad" />;
}
