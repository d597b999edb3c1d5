import { PageHeader } from '@/ui/page-header';
import { HistoryTable } from '../components/history-table';
import { SendForm } from '../components/send-form';

/** /notification: the send form and the history table (doc 1 section 2). */
export default function NotificationsPage() {
  return (
    <div className="space-y-6">
      <PageHeader
        title="Notification"
        description="Push a notification to the app and to browsers that subscribed on the public site."
      />
      <SendForm />
      <HistoryTable />
    </div>
  );
}
