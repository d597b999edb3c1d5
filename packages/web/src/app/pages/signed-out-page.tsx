import { useLocation } from 'react-router';
import { loginHrefReturningTo } from '@/lib/return-to';
import { LogoIcon } from '@/ui/logo-icon';
import { MessagePage, PrimaryLink } from '@/ui/message-page';

/** What any path but the login page shows while signed out (doc 1 section 2); sign-in returns here. */
export function SignedOutPage() {
  const location = useLocation();
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center bg-slate-100 px-4">
      <LogoIcon className="size-11" />
      <MessagePage message="You are signed out">
        <PrimaryLink to={loginHrefReturningTo(location)}>Sign in</PrimaryLink>
      </MessagePage>
    </main>
  );
}
