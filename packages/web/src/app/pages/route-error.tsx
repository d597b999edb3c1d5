import { messages } from '@streamdesk/contract/messages';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { MessagePage } from '@/ui/message-page';
import { NotFound } from '@/ui/not-found';

/**
 * A render error or a screen's code that failed to load (an old tab after a deploy). Uses a full
 * page load to go home, so a stale bundle is replaced.
 */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  console.error(error);
  return (
    <MessagePage code="Error" message={messages.errorPage}>
      <a
        href="/"
        className="inline-flex h-9 items-center rounded-md bg-brand-600 px-4 text-sm font-medium text-white shadow-sm hover:bg-brand-700"
      >
        Go to Home
      </a>
    </MessagePage>
  );
}
