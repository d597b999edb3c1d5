import { NotAvailableYet } from '@/ui/not-available-yet';

export default function EditStoryVideoPage() {
  return <NotAvailableYet title="Story Management" />;
}
