import { isEditConflict } from '@streamdesk/contract/edit-versions';
import { policyBody, policyVersionRoutes, type Policy, type PolicyBody } from '@streamdesk/contract/policy';
import { formatDateTime } from '@streamdesk/contract/format';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/ui/button';
import { FormActions } from '@/ui/form-actions';
import { LoadError } from '@/ui/load-error';
import { EditConflictAlert } from '@/ui/edit-conflict-alert';
import { TextAreaField, TextField } from '@/ui/field';
import { FullPageLoader } from '@/ui/full-page-loader';
import { ActivityHistoryLink } from '@/ui/activity-history-link';
import { PageHeader } from '@/ui/page-header';
import { HistoryButton } from '@/ui/version-history/history-panel';
import { toastSuccess } from '@/ui/toast-success';
import { useConfirmUpdate } from '@/ui/use-confirm-update';
import { LOAD_FAILED, useFailedLoadToast } from '@/ui/use-failed-load-toast';
import { policyKey, usePolicy, useUpdatePolicy } from '../api';

const policyLabel = (key: string) =>
  key === 'policy_title' ? 'Title' : key === 'policy_description' ? 'Description' : key;
import { useLeaveGuard } from '@/ui/leave-guard';

type Text = Pick<PolicyBody, 'policy_title' | 'policy_description'>;
type Errors = Partial<Record<keyof Text, string>>;

/** Privacy Policy: view mode, and an edit mode whose Save returns to view mode (doc 1 section 4). */
export default function PolicyPage() {
  const { data, isPending, refetch } = usePolicy();
  useFailedLoadToast(data);
  const [editing, setEditing] = useState(false);
  // Each reload after an edit conflict starts the form afresh from the policy read again.
  const [opened, setOpened] = useState(0);
  const reload = async () => {
    const fresh = await refetch();
    if (fresh.data?.status) setOpened((n) => n + 1);
    else toast.error(fresh.data?.message || LOAD_FAILED);
  };
  if (isPending) return <FullPageLoader label="Loading the policy" />;
  if (!data?.status) {
    return (
      <section>
        <PageHeader title="Privacy Policy" />
        {/* A refusal; a load with no answer is said by the shell, with its Retry. */}
        {data && <LoadError message={data.message || LOAD_FAILED} onRetry={() => refetch()} />}
      </section>
    );
  }
  const policy = data.data;
  return (
    <section>
      <PageHeader
        title="Privacy Policy"
        description={
          policy.updatedAt ? `Last updated ${formatDateTime(policy.updatedAt)}` : 'Not written yet'
        }
        actions={
          <>
            <a
              href="/site/policy"
              target="_blank"
              rel="noreferrer"
              className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
            >
              View public page
            </a>
            <ActivityHistoryLink feature="policy" item="privacy" text="Change log" />
            {!editing && (
              <>
                <HistoryButton
                  title="Privacy Policy"
                  feature="policy"
                  routes={policyVersionRoutes}
                  recordKey={policyKey}
                  labelOf={policyLabel}
                />
                <Button write="policy" onClick={() => setEditing(true)}>
                  Edit
                </Button>
              </>
            )}
          </>
        }
      />
      <div className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
        {editing ? (
          <PolicyForm
            key={opened}
            policy={policy}
            version={data.version}
            onDone={() => setEditing(false)}
            onReload={reload}
          />
        ) : (
          <PolicyView policy={policy} />
        )}
      </div>
    </section>
  );
}

function PolicyView({ policy }: { policy: Policy }) {
  return (
    <article>
      <h2 className="text-lg font-semibold text-slate-900">{policy.policy_title}</h2>
      {policy.policy_description ? (
        <p className="mt-3 text-sm leading-6 break-words whitespace-pre-wrap text-slate-700">
          {policy.policy_description}
        </p>
      ) : (
        <p className="mt-3 text-sm text-slate-500">No description yet. Choose Edit to write the policy.</p>
      )}
    </article>
  );
}

/**
 * The edit form. It keeps the policy and the version it opened with (a background reload of the policy
 * does not change them under the draft) and sends the version back. Refused because another admin saved
 * the policy since, the draft stays with an alert offering the reload, and Save is held until then: it
 * would be refused again (docs/decisions/0009-edit-conflicts.md). While the draft differs from what it opened
 * with, leaving the screen or reloading the page asks first.
 */
function PolicyForm(props: {
  policy: Policy;
  version: string | undefined;
  onDone: () => void;
  onReload: () => Promise<void>;
}) {
  const { onDone } = props;
  const update = useUpdatePolicy();
  const confirmUpdate = useConfirmUpdate();
  const [opened] = useState(() => ({
    text: { policy_title: props.policy.policy_title, policy_description: props.policy.policy_description },
    version: props.version,
  }));
  const [values, setValues] = useState<Text>(opened.text);
  const [errors, setErrors] = useState<Errors>({});
  const [conflict, setConflict] = useState<string>();
  const [reloading, setReloading] = useState(false);
  const dirty =
    values.policy_title !== opened.text.policy_title ||
    values.policy_description !== opened.text.policy_description;
  useLeaveGuard(dirty, 'the policy');

  const change = (field: keyof Text) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = policyBody.safeParse(values);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as keyof Text] ??= issue.message;
      setErrors(found);
      return;
    }
    // Only the right answer to the arithmetic confirmation sends the update (doc 1 section 5).
    confirmUpdate.ask('the Privacy Policy', () => send(parsed.data));
  };

  const send = (body: PolicyBody) =>
    update.mutate(
      { ...body, version: opened.version },
      {
        onSuccess: () => {
          toastSuccess('Policy updated successfully');
          onDone();
        },
        onError: (error) => {
          if (isEditConflict(error.message)) setConflict(error.message);
        },
      },
    );

  const reload = () => {
    setReloading(true);
    void props.onReload().finally(() => setReloading(false));
  };

  return (
    <>
      {confirmUpdate.dialog}
      <form onSubmit={submit} noValidate className="space-y-4" aria-label="Edit privacy policy">
        <TextField
          label="Title"
          name="policy_title"
          value={values.policy_title}
          onChange={change('policy_title')}
          error={errors.policy_title}
        />
        <TextAreaField
          label="Description"
          name="policy_description"
          rows={16}
          value={values.policy_description}
          onChange={change('policy_description')}
          error={errors.policy_description}
          inputClassName="font-mono leading-6"
        />
        {conflict && (
          <EditConflictAlert
            message={conflict}
            note="Your text stays here until you reload: copy what you need first."
            reloadLabel="Reload the policy"
            reloading={reloading}
            onReload={reload}
          />
        )}
        <FormActions>
          <Button variant="secondary" onClick={onDone} disabled={update.isPending}>
            Cancel
          </Button>
          {/* A refused save would be refused again: only after a reload can the policy be saved. */}
          <Button write="policy" type="submit" loading={update.isPending} disabled={conflict !== undefined}>
            Save
          </Button>
        </FormActions>
      </form>
    </>
  );
}
