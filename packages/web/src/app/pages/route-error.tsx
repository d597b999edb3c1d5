import { messages } from '@streamdesk/contract/messages';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useEffect } from 'react';
import { Button } from '@/ui/button';
import { MessagePage } from '@/ui/message-page';
import { ScreenLoadError } from '../screen-chunk';
import { NotFound } from '@/ui/not-found';

/**
 * A render error or a screen's code that failed to load (an old tab after a deploy). Uses a full
 * page load to go home, so a stale bundle is replaced.
 */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  console.error(error);
  if (error instanceof ScreenLoadError) return <ScreenLoadFailed />;
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

/**
 * A screen whose code did not arrive. The browser keeps the failed load, so Try again loads the page
 * afresh, and so does the browser coming back online; the signed-in shell stays around it.
 */
function ScreenLoadFailed() {
  useEffect(() => {
    const reload = () => window.location.reload();
    window.addEventListener('online', reload);
    return () => window.removeEventListener('online', reload);
  }, []);
  return (
    <MessagePage code="Error" message={messages.screenLoadFailed}>
      <Button onClick={() => window.location.reload()}>Try again</Button>
      <a
        href="/"
        className="inline-flex h-9 items-center rounded-md bg-white px-4 text-sm font-medium text-slate-700 shadow-sm ring-1 ring-slate-300 ring-inset hover:bg-slate-50"
      >
        Go to Home
      </a>
    </MessagePage>
  );
}
