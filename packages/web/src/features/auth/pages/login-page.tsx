import { messages } from '@streamdesk/contract/messages';
import { useLocation, useNavigate } from 'react-router';
import { returnPath, sessionEnded } from '@/lib/return-to';
import { LogoIcon } from '@/ui/logo-icon';
import { LoginForm } from '../components/login-form';

export default function LoginPage() {
  const navigate = useNavigate();
  const { search, state } = useLocation();

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
        <div className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <LoginForm
            submitLabel="Login"
            onSignedIn={() => void navigate(returnPath(search), { replace: true })}
          />
        </div>
      </div>
    </main>
  );
}
