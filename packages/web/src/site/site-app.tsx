import { messages } from '@streamdesk/contract/messages';
import { FeedPage } from './feed/feed-page';
import { PolicyPage } from './policy-page';

/** The public site (/site/ and /site/policy): its own bundle, nothing from the admin app. */
export function SiteApp({ pathname }: { pathname: string }) {
  if (/^\/site\/policy\/?$/.test(pathname)) return <PolicyPage />;
  if (/^\/site\/?$/.test(pathname)) return <FeedPage />;
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-3 px-6 text-center">
      <h1 className="text-2xl font-semibold">Streamdesk</h1>
      <p className="text-neutral-400">{messages.pageNotFound}</p>
    </main>
  );
}
