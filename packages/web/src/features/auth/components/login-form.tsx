import { loginBody, type LoginBody } from '@streamdesk/contract/auth';
import { useState, type FormEvent } from 'react';
import { Button } from '@/ui/button';
import { FormActions } from '@/ui/form-actions';
import { TextField } from '@/ui/field';
import { login } from '../api';

// The toasts' code is asked for when the form says something, not with the sign-in page, whose JavaScript
// has a 150 kB budget (docs/decisions/0083). Over a screen (signing in again) it is in already.
const sonner = () => import('sonner');
const successToast = () => import('@/ui/toast-success');

type FieldErrors = Partial<Record<keyof LoginBody, string>>;

/**
 * Email and password, validated with the contract's schema; signs in and then calls `onSignedIn`. Used by
 * the login page and by the dialog that signs in again over a screen. Plain state rather than
 * react-hook-form keeps the first page a signed-out admin loads small (the JS budget is in the web README).
 */
export function LoginForm({ submitLabel, onSignedIn }: { submitLabel: string; onSignedIn: () => void }) {
  const [values, setValues] = useState<LoginBody>({ a_email: '', a_password: '' });
  // Shown once the server asks for the two-step code (a person with two-step sign-in on).
  const [otpAsked, setOtpAsked] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);

  const change = (field: keyof LoginBody) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = loginBody.safeParse(values);
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as keyof LoginBody] ??= issue.message;
      setErrors(found);
      return;
    }
    setPending(true);
    const result = await login(parsed.data);
    setPending(false);
    if (result.status) {
      void successToast().then(({ toastSuccess }) => toastSuccess(result.message || 'Login successful'));
      onSignedIn();
    } else {
      if ('otpRequired' in result && result.otpRequired) setOtpAsked(true);
      void sonner().then(({ toast }) =>
        toast.error(result.message || 'Something went wrong!', { duration: 2000 }),
      );
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="username"
        aria-required="true"
        value={values.a_email}
        onChange={change('a_email')}
        error={errors.a_email}
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        aria-required="true"
        value={values.a_password}
        onChange={change('a_password')}
        error={errors.a_password}
      />
      {otpAsked && (
        <TextField
          label="Authentication code"
          name="otp"
          inputMode="numeric"
          autoComplete="one-time-code"
          autoFocus
          hint="The 6-digit code from your authenticator app, or a recovery code"
          value={values.a_otp ?? ''}
          onChange={change('a_otp')}
        />
      )}
      {/* A sign-in card's one button takes the card's width at every size. */}
      <FormActions>
        <Button type="submit" loading={pending} className="w-full">
          {submitLabel}
        </Button>
      </FormActions>
    </form>
  );
}
