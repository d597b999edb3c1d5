import { useState } from 'react';
import { giveUpSigningIn, useSignInAgainNeeded } from '@/lib/session-ended';
import { Button } from '@/ui/button';
import { Dialog } from '@/ui/dialog';
import { releaseLeaveGuards, unsavedWorkNow } from '@/ui/leave-guard';
import { LoginForm } from './login-form';

/**
 * Over the screen when the session ends mid-work (lib/session-ended.ts): signing in here keeps the
 * screen as it is, what was typed included, and sends again the calls that met the 401. It does not
 * close on Escape or a click outside: the screen behind it cannot save until the admin signs in. The way
 * to the login page asks first when a guarded screen holds unsaved changes (ui/leave-guard.tsx).
 */
export function SignInAgainDialog() {
  const open = useSignInAgainNeeded();
  const [unsaved, setUnsaved] = useState<string[]>([]);
  if (!open && unsaved.length) setUnsaved([]);

  const goToSignIn = () => {
    const now = unsavedWorkNow();
    if (now.length && !unsaved.length) setUnsaved(now);
    else giveUpSigningIn();
  };

  return (
    <Dialog
      open={open}
      onOpenChange={() => undefined}
      title="Sign in again"
      description="Your session has ended. Sign in to carry on: this screen stays as it is, with what you typed, and what you were saving is sent once you are signed in."
    >
      {/* Signing in ends the wait (features/auth/api.ts `login`): the dialog closes by itself. */}
      <LoginForm submitLabel="Sign in and continue" onSignedIn={() => undefined} />
      {unsaved.length ? (
        <div
          role="alert"
          className="mt-3 rounded-md bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200"
        >
          <p>
            Your changes to {unsaved.join(' and ')} are not saved. The sign-in page loses them; signing in
            here keeps them.
          </p>
          <div className="mt-2 flex flex-wrap justify-end gap-2">
            <Button size="sm" variant="secondary" onClick={() => setUnsaved([])}>
              Stay and sign in
            </Button>
            <Button
              size="sm"
              variant="danger"
              onClick={() => {
                // Asked here: the screen's own guard would hold the move to the login page.
                releaseLeaveGuards();
                giveUpSigningIn();
              }}
            >
              Leave without saving
            </Button>
          </div>
        </div>
      ) : (
        <>
          <Button variant="secondary" className="mt-3 w-full" onClick={goToSignIn}>
            Go to the sign-in page
          </Button>
          <p className="mt-2 text-xs text-slate-500">
            The sign-in page leaves this screen: what you typed on it is not kept.
          </p>
        </>
      )}
    </Dialog>
  );
}
