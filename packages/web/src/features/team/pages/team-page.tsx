import { useState, type FormEvent } from 'react';
import { ROLES, type Role } from '@streamdesk/contract/roles';
import {
  SET_PASSWORD_LINK_HOURS,
  teamMessages,
  type Person,
  type TeamMember,
} from '@streamdesk/contract/team';
import { toast } from 'sonner';
import { failureMessage } from '@/lib/api-client';
import { ActivityHistoryLink } from '@/ui/activity-history-link';
import { BreaksBetween } from '@/ui/breaks-between';
import { Button, type ButtonProps } from '@/ui/button';
import { FormActions } from '@/ui/form-actions';
import { stickyEndCell, Td, Tr } from '@/ui/data-table';
import { inputClass, TextField } from '@/ui/field';
import { ListTable, listStates, type ListColumn } from '@/ui/list-table';
import { PageHeader } from '@/ui/page-header';
import { SelectField } from '@/ui/select-field';
import { toastSuccess } from '@/ui/toast-success';
import { useMe } from '@/lib/me-query';
import {
  useAddPerson,
  useClearSignInLock,
  useResetPassword,
  useRevokeSessions,
  useTeam,
  useUpdatePerson,
} from '../api';
import { SecuritySettings } from '../components/security-settings';

const COLUMNS: readonly ListColumn[] = [
  'Name',
  'Email',
  'Role',
  'Status',
  'Two-step',
  { label: 'Actions', srOnly: true },
];

const roleLabel = (role: Role) => role[0]!.toUpperCase() + role.slice(1);

/** The team (owners only): who is on it, adding a person with a one-time link, roles and status. */
export default function TeamPage() {
  const team = useTeam();
  // The newest set-password link made on this screen (adding or resetting), shown this once.
  const [link, setLink] = useState<Link>();
  const people = team.data?.status ? team.data.data : [];
  return (
    <>
      <PageHeader
        title="Team"
        description="The people who can sign in to the back office, and what each may do."
      />
      <SecuritySettings />
      <AddPerson onLink={setLink} />
      {link && <OneTimeLink {...link} />}
      <div className="mt-6">
        <ListTable
          caption="Team"
          columns={COLUMNS}
          {...listStates(team)}
          isEmpty={people.length === 0}
          emptyText="No one is on the team yet."
        >
          {people.map((person) => (
            <PersonRow key={person._id} person={person} onLink={setLink} />
          ))}
        </ListTable>
      </div>
    </>
  );
}

function PersonRow({ person, onLink }: { person: TeamMember; onLink: (link: Link) => void }) {
  const me = useMe().data?.data;
  const update = useUpdatePerson();
  const reset = useResetPassword();
  const revoke = useRevokeSessions();
  const clearLock = useClearSignInLock();
  const self = me?._id === person._id;
  const change = (body: { role?: Role; status?: Person['status'] }, done: string) =>
    update.mutate({ id: person._id, ...body }, { onSuccess: () => toastSuccess(done) });
  const disabled = person.status === 'disabled';
  return (
    <Tr>
      <Td className="font-medium text-slate-900">
        {/* A long name takes two lines rather than widening the table. */}
        <span className="block min-w-24 whitespace-normal">
          {person.name}
          {self && <span className="ml-1 text-xs text-slate-500">(you)</span>}
        </span>
      </Td>
      <Td>
        <Email address={person.email} />
      </Td>
      <Td>
        <select
          aria-label={`Role of ${person.name}`}
          // min-w: on a phone the table squeezes its cells, and the select would cut its role short.
          className={`${inputClass} w-32 min-w-32`}
          value={person.role}
          disabled={self || update.isPending}
          title={self ? teamMessages.ownRole : undefined}
          onChange={(e) =>
            void change({ role: e.target.value as Role }, `${person.name} is now ${e.target.value}`)
          }
        >
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {roleLabel(role)}
            </option>
          ))}
        </select>
      </Td>
      <Td>
        <span className={disabled ? 'text-red-700' : 'text-emerald-700'}>
          {disabled ? 'Disabled' : 'Active'}
        </span>
        {person.failedSignIns > 0 && (
          <>
            <span className="block text-xs whitespace-normal text-amber-700">
              <BreaksBetween
                parts={[
                  `${person.failedSignIns} failed sign-in${person.failedSignIns === 1 ? '' : 's'}`,
                  'in the last hour',
                ]}
              />
            </span>
            {/* Beside the failures it clears, not a fifth button in Actions: five held the table past its
                box at 1280 px, over Status and Two-step (docs/decisions/0013). */}
            <RowAction
              refusedOnSelf={false}
              loading={clearLock.isPending}
              aria-label={`Clear sign-in lock: ${person.name}`}
              className="mt-1"
              onClick={() =>
                clearLock.mutate(person._id, {
                  onSuccess: () => toastSuccess(`${person.name} may sign in from anywhere again`),
                })
              }
            >
              Clear sign-in lock
            </RowAction>
          </>
        )}
      </Td>
      <Td>{person.twoStep ? 'On' : 'Off'}</Td>
      <Td className={stickyEndCell}>
        {/* The sticky Actions column: on a phone its buttons stack, so that it leaves room for the row. */}
        <div className="flex w-40 flex-col items-stretch gap-2 whitespace-nowrap sm:w-auto sm:flex-row sm:items-center sm:justify-end">
          <RowAction
            refusedOnSelf={self && teamMessages.ownReset}
            loading={reset.isPending}
            aria-label={`Reset password of ${person.name}`}
            onClick={() =>
              reset.mutate(person._id, {
                onSuccess: (result) => {
                  onLink({ name: person.name, url: result.setPasswordLink, emailed: result.emailed });
                  toastSuccess(result.message);
                },
              })
            }
          >
            Reset password
          </RowAction>
          <RowAction
            refusedOnSelf={self && teamMessages.ownSessions}
            loading={revoke.isPending}
            aria-label={`Sign out everywhere: ${person.name}`}
            onClick={() =>
              revoke.mutate(person._id, {
                onSuccess: (result) =>
                  toastSuccess(
                    `${person.name} is signed out everywhere (${result.revoked} ${result.revoked === 1 ? 'session' : 'sessions'})`,
                  ),
              })
            }
          >
            Sign out everywhere
          </RowAction>
          {/* Named with the person as the other buttons are, not in its words: a long name held the
              table past its box at 1280 px. */}
          <RowAction
            refusedOnSelf={self && teamMessages.ownStatus}
            loading={update.isPending}
            aria-label={`${disabled ? 'Enable' : 'Disable'} ${person.name}`}
            onClick={() =>
              change(
                { status: disabled ? 'active' : 'disabled' },
                `${person.name} is ${disabled ? 'enabled' : 'disabled'}`,
              )
            }
          >
            {disabled ? 'Enable' : 'Disable'}
          </RowAction>
          <ActivityHistoryLink feature="team" item={person._id} name={person.name} />
        </div>
      </Td>
    </Tr>
  );
}

/**
 * An address that may break before its '@' (and nowhere else but a hyphen) when the Team table is short
 * of room: with a row's sign-in lock to clear, the table would not fit a laptop's screen otherwise.
 */
function Email({ address }: { address: string }) {
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  return (
    <span className="whitespace-normal">
      {address.slice(0, at)}
      <wbr />
      {address.slice(at)}
    </span>
  );
}

/** A person row's button: on one's own row it is disabled, with the reason as its tooltip. */
function RowAction({
  refusedOnSelf,
  ...props
}: Omit<ButtonProps, 'size' | 'variant' | 'disabled' | 'title'> & { refusedOnSelf: string | false }) {
  return (
    <Button
      size="sm"
      variant="secondary"
      disabled={refusedOnSelf !== false}
      title={refusedOnSelf || undefined}
      {...props}
    />
  );
}

interface Link {
  name: string;
  url: string;
  /** Whether the link also went out by e-mail; undefined when mail is not set up. */
  emailed?: boolean;
}

function AddPerson({ onLink }: { onLink: (link: Link) => void }) {
  const add = useAddPerson();
  const [role, setRole] = useState<Role>('editor');
  const [error, setError] = useState<string>();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const body = { name: String(data.get('name') ?? ''), email: String(data.get('email') ?? ''), role };
    // `required` lets a name of spaces through, which the server refuses as `name: Enter a name`.
    if (!body.name.trim()) return setError(teamMessages.nameRequired);
    add.mutate(body, {
      onSuccess: (result) => {
        setError(undefined);
        onLink({ name: result.data.name, url: result.setPasswordLink, emailed: result.emailed });
        form.reset();
      },
      onError: (e) => setError(failureMessage(e, 'Failed to add the person')),
    });
  };

  return (
    <section aria-labelledby="add-person" className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h2 id="add-person" className="mb-3 text-base font-semibold text-slate-900">
        Add a person
      </h2>
      {/* Aligned by their tops: by their ends, the taller select put the Role label 2 px under the others. */}
      <form onSubmit={submit} className="flex flex-wrap items-start gap-3">
        <TextField label="Name" name="name" required className="min-w-48 flex-1" />
        <TextField label="Email" name="email" type="email" required className="min-w-56 flex-1" />
        <SelectField
          label="Role"
          className="w-32"
          value={role}
          onChange={(e) => setRole(e.target.value as Role)}
          options={ROLES.map((r) => ({ value: r, label: roleLabel(r) }))}
        />
        <FormActions>
          <Button type="submit" loading={add.isPending}>
            Add person
          </Button>
        </FormActions>
      </form>
      {error && (
        <p role="alert" className="mt-3 text-sm font-medium text-red-600">
          {error}
        </p>
      )}
    </section>
  );
}

/** The set-password link, shown this once: the server keeps only a hash of it. */
function OneTimeLink({ name, url, emailed }: Link) {
  const copy = async () => {
    await navigator.clipboard.writeText(url).then(
      () => toastSuccess('Link copied'),
      () => toast.error('Could not copy: select the link and copy it'),
    );
  };
  return (
    <div role="status" className="mt-4 rounded-md bg-amber-50 p-3 ring-1 ring-amber-200">
      <p className="text-sm text-amber-900">
        {emailed
          ? `The link was e-mailed to ${name}; here it is too.`
          : emailed === false
            ? `The e-mail to ${name} could not be sent: send them this link yourself.`
            : `Send ${name} this link to set their password.`}{' '}
        It is shown only now and works once, for {SET_PASSWORD_LINK_HOURS} hours.
      </p>
      <div className="mt-2 flex gap-2">
        <input
          readOnly
          aria-label={`Set-password link for ${name}`}
          value={url}
          className={`${inputClass} font-mono text-xs`}
          onFocus={(e) => e.target.select()}
        />
        <Button variant="secondary" className="shrink-0" onClick={() => void copy()}>
          Copy link
        </Button>
      </div>
    </div>
  );
}
