import { messages } from '@streamdesk/contract/messages';
import { EmptyState } from './empty-state';
import { PageHeader } from './page-header';

/** Placeholder for a screen that is not built yet; each is replaced by its feature's real page. */
export function NotAvailableYet({ title }: { title: string }) {
  return (
    <section>
      <PageHeader title={title} />
      <EmptyState title={messages.notAvailableYet}>
        This screen is planned and will arrive in a later release.
      </EmptyState>
    </section>
  );
}
