import { useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { failureMessage } from '@/lib/api-client';
import { newPasswordHint, newPasswordProblem } from '@/lib/password-check';
import { usePasswordStrength } from '@/lib/use-password-strength';
import { useTextFields } from '@/lib/use-text-fields';
import { Button } from '@/ui/button';
import { FormActions } from '@/ui/form-actions';
import { TextField } from '@/ui/field';
import { LogoIcon } from '@/ui/logo-icon';
import { PrimaryLink } from '@/ui/message-page';
import { PasswordMeter } from '@/ui/password-meter';
import { setPassword } from '../api';

/**
 * Opened from a set-password link: the token is the fragment, which never reaches a server log. The new
 * password meets My account's rule (length, then the meter's strength); the server checks it again,
 * with the person's name and email counted as easy guesses.
 */
export default function SetPasswordPage() {
  const token = useLocation().hash.slice(1);
  const [error, setError] = useState<string>();
  const { values, field } = useTextFields({ password: '', confirm: '' }, () => setError(undefined));
  const [done, setDone] = useState<string>();
  const [busy, setBusy] = useState(false);
  const strength = usePasswordStrength(values.password, []);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = newPasswordProblem(values.password, values.confirm, strength);
    if (problem) return setError(problem);
    setBusy(true);
    try {
      setDone((await setPassword({ token, password: values.password })).message);
    } catch (e) {
      // The server's words, without the field name it puts first for API callers.
      setError(failureMessage(e, 'Could not set the password').replace(/^\w+: /, ''));
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
          <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
            <TextField
              label="New password"
              type="password"
              autoComplete="new-password"
              aria-required="true"
              hint={newPasswordHint}
              {...field('password')}
            />
            <PasswordMeter strength={strength} />
            <TextField
              label="Repeat the password"
              type="password"
              autoComplete="new-password"
              aria-required="true"
              {...field('confirm')}
            />
            {error && (
              <p role="alert" className="text-sm font-medium text-red-600">
                {error}
              </p>
            )}
            <FormActions>
              <Button type="submit" loading={busy} className="w-full">
                Set password
              </Button>
            </FormActions>
          </form>
        )}
      </div>
    </main>
  );
}
