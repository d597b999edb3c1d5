import { loginBody, type LoginBody } from '@streamdesk/contract/auth';
import { messages } from '@streamdesk/contract/messages';
import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { returnPath, sessionEnded } from '@/lib/return-to';
import { Button } from '@/ui/button';
import { TextField } from '@/ui/field';
import { LogoIcon } from '@/ui/icons';
import { toastSuccess } from '@/ui/toast-success';
import { login } from '../api';

type FieldErrors = Partial<Record<keyof LoginBody, string>>;

/**
 * Two fields, validated with the contract's schema. Plain state rather than react-hook-form keeps
 * the first page a signed-out admin loads small (the JS budget is in the web README).
 */
export default function LoginPage() {
  const navigate = useNavigate();
  const { search, state } = useLocation();
  const [values, setValues] = useState<LoginBody>({ a_email: '', a_password: '' });
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
      toastSuccess(result.message || 'Login successful');
      void navigate(returnPath(search), { replace: true });
    } else {
      toast.error(result.message || 'Something went wrong!', { duration: 2000 });
    }
  };

  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-100 px-4 py-10">
      <div className="w-full max-w-sm">
        <div className="mb-6 flex flex-col items-center gap-3 text-center">
          <LogoIcon className="size-11" />
          <div>
            <h1 className="text-xl font-semibold text-slate-900">Sign in to Streamdesk</h1>
            <p className="mt-1 text-sm text-slate-600">Back office for the streaming app</p>
          </div>
        </div>
        {sessionEnded(state) && (
          <p
            role="alert"
            className="mb-4 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200"
          >
            {messages.unauthorized}
          </p>
        )}
        <form
          onSubmit={submit}
          noValidate
          className="space-y-4 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
        >
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
          <Button type="submit" loading={pending} className="w-full">
            Login
          </Button>
        </form>
      </div>
    </main>
  );
}
