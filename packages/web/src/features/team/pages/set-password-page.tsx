import { useState, type FormEvent } from 'react';
import { PASSWORD_MIN } from '@streamdesk/contract/team';
import { useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { failureMessage } from '@/lib/api-client';
import { Button } from '@/ui/button';
import { TextField } from '@/ui/field';
import { LogoIcon } from '@/ui/icons';
import { PrimaryLink } from '@/ui/message-page';
import { setPassword } from '../api';

/** Opened from a set-password link: the token is the fragment, which never reaches a server log. */
export default function SetPasswordPage() {
  const token = useLocation().hash.slice(1);
  const [error, setError] = useState<string>();
  const [done, setDone] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const password = String(data.get('password') ?? '');
    if (password !== data.get('confirm')) return setError('The two passwords are not the same');
    setBusy(true);
    try {
      setDone((await setPassword({ token, password })).message);
    } catch (e) {
      setError(failureMessage(e, 'Could not set the password'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4">
      <div className="w-full max-w-sm rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <div className="mb-4 flex items-center gap-2">
          <LogoIcon />
          <h1 className="text-lg font-semibold text-slate-900">Set your password</h1>
        </div>
        {done ? (
          <div className="space-y-4">
            <p role="status" className="text-sm text-slate-700">
              {done}
            </p>
            <PrimaryLink to={paths.login.getHref()}>Sign in</PrimaryLink>
          </div>
        ) : (
          <form onSubmit={(e) => void submit(e)} className="space-y-4">
            <TextField
              label="New password"
              name="password"
              type="password"
              autoComplete="new-password"
              required
              minLength={PASSWORD_MIN}
              hint={`At least ${PASSWORD_MIN} characters`}
            />
            <TextField
              label="Repeat the password"
              name="confirm"
              type="password"
              autoComplete="new-password"
              required
            />
            {error && (
              <p role="alert" className="text-sm font-medium text-red-600">
                {error}
              </p>
            )}
            <Button type="submit" loading={busy} className="w-full">
              Set password
            </Button>
          </form>
        )}
      </div>
    </main>
  );
}
