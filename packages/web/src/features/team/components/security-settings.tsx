import { toastSuccess } from '@/ui/toast-success';
import { Toggle } from '@/ui/toggle';
import { useSecurity, useUpdateSecurity } from '../api';

/**
 * The owner's security settings, above the team: requiring two-step sign-in of everyone. A refusal
 * (the owner has not turned it on for themselves yet) shows as a toast with the server's words.
 */
export function SecuritySettings() {
  const settings = useSecurity();
  const update = useUpdateSecurity();
  const requireTwoStep = settings.data?.status ? settings.data.data.requireTwoStep : undefined;
  return (
    <section
      aria-labelledby="team-security"
      className="mb-6 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id="team-security" className="mb-1 text-base font-semibold text-slate-900">
        Security
      </h2>
      <p className="mb-3 text-sm text-slate-600">
        When two-step sign-in is required, anyone without it can only set it up (on My account) until they do:
        from their next click, and at each sign-in.
      </p>
      {requireTwoStep !== undefined && (
        <Toggle
          showLabel
          label="Require two-step sign-in for everyone"
          checked={update.isPending ? Boolean(update.variables?.requireTwoStep) : requireTwoStep}
          disabled={update.isPending}
          write="security"
          onCheckedChange={(on) =>
            update.mutate({ requireTwoStep: on }, { onSuccess: (result) => toastSuccess(result.message) })
          }
        />
      )}
    </section>
  );
}
