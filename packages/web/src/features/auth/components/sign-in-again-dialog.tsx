import { giveUpSigningIn, useSignInAgainNeeded } from '@/lib/session-ended';
import { Button } from '@/ui/button';
import { Dialog } from '@/ui/dialog';
import { LoginForm } from './login-form';

/**
 * Over the screen when the session ends mid-work (lib/session-ended.ts): signing in here keeps the
 * screen as it is, what was typed included, and sends again the calls that met the 401. It does not
 * close on Escape or a click outside: the screen behind it cannot save until the admin signs in.
 */
export function SignInAgainDialog() {
  const open = useSignInAgainNeeded();
  return (
    <Dialog
      open={open}
      onOpenChange={() => undefined}
      title="Sign in again"
      description="Your session has ended. Sign in to carry on: this screen stays as it is, with what you typed, and what you were saving is sent once you are signed in."
    >
      {/* Signing in ends the wait (features/auth/api.ts `login`): the dialog closes by itself. */}
      <LoginForm submitLabel="Sign in and continue" onSignedIn={() => undefined} />
      <Button variant="secondary" className="mt-3 w-full" onClick={giveUpSigningIn}>
        Go to the sign-in page
      </Button>
      <p className="mt-2 text-xs text-slate-500">
        The sign-in page leaves this screen: what you typed on it is not kept.
      </p>
    </Dialog>
  );
}
