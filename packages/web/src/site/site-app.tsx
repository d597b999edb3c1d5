import { messages } from '@streamdesk/contract/messages';
import { PolicyPage } from './policy-page';

/** The public site (/site/ and /site/policy): its own bundle, nothing from the admin app. */
export function SiteApp({ pathname }: { pathname: string }) {
  if (/^\/site\/policy\/?$/.test(pathname)) return <PolicyPage />;
import { FeedPage } from './feed/feed-page';

  if (/^\/site\/?$/.test(pathname)) return <FeedPage />;
  const title = /^\/site\/policy\/?$/.test(pathname) ? 'Privacy Policy' : 'Streamdesk';
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-3 px-6 text-center">
      <h1 className="text-2xl font-semibold">Streamdesk</h1>
      <p className="text-neutral-400">{messages.notAvailableYet}</p>
    </main>
  );
}
