import { NotAvailableYet } from '@/ui/not-available-yet';

export default function ReelsPage() {
  return <NotAvailableYet title="Story Reels" />;
}
