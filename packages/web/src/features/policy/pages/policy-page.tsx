import { policyBody, type Policy, type PolicyBody } from '@streamdesk/contract/policy';
import { formatDateTime } from '@streamdesk/contract/format';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/ui/button';
import { TextAreaField, TextField } from '@/ui/field';
import { FullPageLoader } from '@/ui/full-page-loader';
import { PageHeader } from '@/ui/page-header';
import { toastSuccess } from '@/ui/toast-success';
import { useConfirmUpdate } from '@/ui/use-confirm-update';
import { LOAD_FAILED, useFailedLoadToast } from '@/ui/use-failed-load-toast';
import { usePolicy, useUpdatePolicy } from '../api';

type Errors = Partial<Record<keyof PolicyBody, string>>;

/** Privacy Policy: view mode, and an edit mode whose Save returns to view mode (doc 1 section 4). */
export default function PolicyPage() {
  const { data, isPending } = usePolicy();
  useFailedLoadToast(data);
  const [editing, setEditing] = useState(false);
  if (isPending) return <FullPageLoader label="Loading the policy" />;
  if (!data?.status) {
    return (
      <section>
        <PageHeader title="Privacy Policy" />
        <p role="alert" className="rounded-lg bg-red-50 p-4 text-sm text-red-700">
          {data?.message || LOAD_FAILED}
        </p>
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
            {!editing && <Button onClick={() => setEditing(true)}>Edit</Button>}
          </>
        }
      />
      <div className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
        {editing ? (
          <PolicyForm policy={policy} onDone={() => setEditing(false)} />
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

function PolicyForm({ policy, onDone }: { policy: Policy; onDone: () => void }) {
  const update = useUpdatePolicy();
  const confirmUpdate = useConfirmUpdate();
  const [values, setValues] = useState<PolicyBody>({
    policy_title: policy.policy_title,
    policy_description: policy.policy_description,
  });
  const [errors, setErrors] = useState<Errors>({});

  const change = (field: keyof PolicyBody) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = policyBody.safeParse(values);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as keyof PolicyBody] ??= issue.message;
      setErrors(found);
      return;
    }
    // Only the right answer to the arithmetic confirmation sends the update (doc 1 section 5).
    confirmUpdate.ask('the Privacy Policy', () => void send(parsed.data));
  };

  const send = async (body: PolicyBody) => {
    const result = await update.mutateAsync(body);
    if (result.status) {
      toastSuccess('Policy updated successfully');
      onDone();
    } else {
      toast.error(result.message || 'Failed to update policy');
    }
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
        <div className="flex gap-2">
          <Button type="submit" loading={update.isPending}>
            Save
          </Button>
          <Button variant="secondary" onClick={onDone} disabled={update.isPending}>
            Cancel
          </Button>
        </div>
      </form>
    </>
  );
}
