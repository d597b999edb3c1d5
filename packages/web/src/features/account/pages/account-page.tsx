import { useState, type FormEvent } from 'react';
import { accountMessages } from '@streamdesk/contract/account';
import { formatDateTime } from '@streamdesk/contract/format';
import { failureMessage } from '@/lib/api-client';
import { useMe } from '@/lib/me-query';
import { newPasswordHint, newPasswordProblem } from '@/lib/password-check';
import { usePasswordStrength } from '@/lib/use-password-strength';
import { useTextFields } from '@/lib/use-text-fields';
import { Button } from '@/ui/button';
import { FormActions } from '@/ui/form-actions';
import { stickyEndCell, Td, Tr } from '@/ui/data-table';
import { TextField } from '@/ui/field';
import { ListTable, listStates, type ListColumn } from '@/ui/list-table';
import { PageHeader } from '@/ui/page-header';
import { PasswordMeter } from '@/ui/password-meter';
import { toastSuccess } from '@/ui/toast-success';
import { useAccountSessions, useChangePassword, useEndOtherSessions, useEndSession, useRename } from '../api';
import { TwoStepSection } from '../components/two-step-section';

const SESSION_COLUMNS: readonly ListColumn[] = [
  'Device',
  'IP',
  'Signed in',
  'Last used',
  { label: 'Actions', srOnly: true },
];

const sectionClass = 'rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200';

/** One's own account, for every role: name, password and the sessions signed in as oneself. */
export default function AccountPage() {
  return (
    <>
      <PageHeader
        title="My account"
        description="Your name, your password, two-step sign-in and where you are signed in."
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <NameSection />
        <PasswordSection />
      </div>
      <TwoStepSection className={`${sectionClass} mt-6`} />
      <SessionsSection />
    </>
  );
}

function NameSection() {
  const me = useMe().data?.data;
  const rename = useRename();
  const [error, setError] = useState<string>();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get('name') ?? '');
    rename.mutate(name, {
      onSuccess: (result) => {
        setError(undefined);
        toastSuccess(result.message);
      },
      onError: (e) => setError(failureMessage(e, 'Could not save the name')),
    });
  };

  return (
    <section aria-labelledby="account-name" className={sectionClass}>
      <h2 id="account-name" className="mb-3 text-base font-semibold text-slate-900">
        Your name
      </h2>
      {me && (
        <p className="mb-3 text-sm text-slate-600">
          Signed in as {me.email} ({me.role})
        </p>
      )}
      {/* Keyed by the saved name, so the field starts from it once `me` arrives and after a save. */}
      <form key={me?.name} onSubmit={submit} className="flex flex-wrap items-end gap-3">
        <TextField
          label="Name"
          name="name"
          defaultValue={me?.name}
          required
          error={error}
          className="min-w-48 flex-1"
        />
        <FormActions>
          <Button type="submit" loading={rename.isPending}>
            Save name
          </Button>
        </FormActions>
      </form>
    </section>
  );
}

function PasswordSection() {
  const me = useMe().data?.data;
  const change = useChangePassword();
  const [error, setError] = useState<string>();
  const { values, field, reset } = useTextFields({ current: '', next: '', repeat: '' }, () =>
    setError(undefined),
  );
  const strength = usePasswordStrength(values.next, me ? [me.name, me.email] : []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!values.current) return setError(accountMessages.currentPasswordRequired);
    const problem = newPasswordProblem(values.next, values.repeat, strength);
    if (problem) return setError(problem);
    change.mutate(
      { currentPassword: values.current, newPassword: values.next },
      {
        onSuccess: (result) => {
          reset();
          toastSuccess(result.message);
        },
        // The server's words, without the field name it puts first for API callers.
        onError: (e) => setError(failureMessage(e, 'Could not change the password').replace(/^\w+: /, '')),
      },
    );
  };

  return (
    <section aria-labelledby="account-password" className={sectionClass}>
      <h2 id="account-password" className="mb-3 text-base font-semibold text-slate-900">
        Password
      </h2>
      <form onSubmit={submit} noValidate className="space-y-3">
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          {...field('current')}
        />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          hint={newPasswordHint}
          {...field('next')}
        />
        <PasswordMeter strength={strength} />
        <TextField
          label="Repeat the new password"
          type="password"
          autoComplete="new-password"
          {...field('repeat')}
        />
        {error && (
          <p role="alert" className="text-sm font-medium text-red-600">
            {error}
          </p>
        )}
        <FormActions>
          <Button type="submit" loading={change.isPending}>
            Change password
          </Button>
        </FormActions>
        <p className="text-xs text-slate-500">Changing it signs you out everywhere else.</p>
      </form>
    </section>
  );
}

function SessionsSection() {
  const sessions = useAccountSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const list = sessions.data?.status ? sessions.data.data : [];
  const others = list.filter((s) => !s.current).length;

  return (
    <section aria-labelledby="account-sessions" className={`${sectionClass} mt-6`}>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <h2 id="account-sessions" className="text-base font-semibold text-slate-900">
          Active sessions
        </h2>
        <Button
          variant="secondary"
          disabled={others === 0}
          title={others === 0 ? 'You are signed in nowhere else' : undefined}
          loading={endOthers.isPending}
          onClick={() =>
            endOthers.mutate(undefined, {
              onSuccess: (result) =>
                toastSuccess(
                  `${result.message} (${result.revoked} ${result.revoked === 1 ? 'session' : 'sessions'})`,
                ),
            })
          }
        >
          Sign out everywhere else
        </Button>
      </div>
      <ListTable
        caption="Active sessions"
        columns={SESSION_COLUMNS}
        {...listStates(sessions)}
        isEmpty={list.length === 0}
        emptyText="No session is signed in."
      >
        {list.map((session) => (
          <Tr key={session._id}>
            <Td className="font-medium text-slate-900">
              {session.device}
              {session.current && (
                <span className="ml-2 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-700 ring-1 ring-emerald-200">
                  This device
                </span>
              )}
            </Td>
            <Td>{session.ip || '—'}</Td>
            <Td className="whitespace-nowrap">{formatDateTime(session.createdAt)}</Td>
            <Td className="whitespace-nowrap">{formatDateTime(session.lastUsedAt)}</Td>
            <Td className={`text-right ${stickyEndCell}`}>
              {!session.current && (
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={`Sign out: ${session.device}, signed in ${formatDateTime(session.createdAt)}`}
                  loading={endOne.isPending && endOne.variables === session._id}
                  onClick={() =>
                    endOne.mutate(session._id, { onSuccess: (result) => toastSuccess(result.message) })
                  }
                >
                  Sign out
                </Button>
              )}
            </Td>
          </Tr>
        ))}
      </ListTable>
    </section>
  );
}
