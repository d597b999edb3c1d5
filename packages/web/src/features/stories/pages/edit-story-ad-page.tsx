import { NotAvailableYet } from '@/ui/not-available-yet';

export default function EditStoryAdPage() {
  return <NotAvailableYet title="Edit story ad" />;
}
