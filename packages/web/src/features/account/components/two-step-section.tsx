import { useState, type FormEvent } from 'react';
import { twoStepMessages } from '@streamdesk/contract/two-step';
import { failureMessage } from '@/lib/api-client';
import { Button } from '@/ui/button';
import { FormActions } from '@/ui/form-actions';
import { inputClass, TextField } from '@/ui/field';
import { toastSuccess } from '@/ui/toast-success';
import { useConfirmTwoStep, useDisableTwoStep, useStartTwoStep, useTwoStep } from '../api';

/**
 * Turning two-step sign-in on (QR code, secret, a first code, then the recovery codes once) or off.
 * `onCodesSaved` runs once the person says they saved their recovery codes.
 */
export function TwoStepSection({
  className,
  onCodesSaved,
}: {
  className: string;
  onCodesSaved?: () => void;
}) {
  const status = useTwoStep();
  const enabled = status.data?.status ? status.data.data.enabled : undefined;
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>();
  return (
    <section aria-labelledby="account-two-step" className={className}>
      <h2 id="account-two-step" className="mb-1 text-base font-semibold text-slate-900">
        Two-step sign-in
      </h2>
      <p className="mb-3 text-sm text-slate-600">
        {enabled === undefined
          ? 'A code from an authenticator app at each sign-in, besides your password.'
          : enabled
            ? `On: each sign-in asks for a code from your authenticator app. Recovery codes left: ${status.data?.status ? status.data.data.recoveryCodesLeft : 0}.`
            : 'Off: your password alone signs you in. Turn it on to ask for a code from an authenticator app too.'}
      </p>
      {recoveryCodes && (
        <RecoveryCodes
          codes={recoveryCodes}
          onDone={() => {
            setRecoveryCodes(undefined);
            onCodesSaved?.();
          }}
        />
      )}
      {enabled === false && <TurnOn onRecoveryCodes={setRecoveryCodes} />}
      {enabled && !recoveryCodes && <TurnOff />}
    </section>
  );
}

function TurnOn({ onRecoveryCodes }: { onRecoveryCodes: (codes: string[]) => void }) {
  const start = useStartTwoStep();
  const confirm = useConfirmTwoStep();
  const [error, setError] = useState<string>();
  const setUp = start.data;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '');
    confirm.mutate(code, {
      onSuccess: (result) => {
        setError(undefined);
        start.reset();
        onRecoveryCodes(result.recoveryCodes);
      },
      onError: (e) => setError(failureMessage(e, 'Could not turn two-step sign-in on').replace(/^\w+: /, '')),
    });
  };

  if (!setUp)
    return (
      <Button loading={start.isPending} onClick={() => start.mutate()}>
        Turn on two-step sign-in
      </Button>
    );
  return (
    <div className="flex flex-wrap gap-4">
      <img
        src={setUp.qrCode}
        alt="QR code for your authenticator app"
        className="size-40 rounded ring-1 ring-slate-200"
      />
      <form onSubmit={submit} className="min-w-56 flex-1 space-y-3">
        <p className="text-sm text-slate-700">
          {twoStepMessages.started}. No camera? Type this key in the app:
        </p>
        <input
          readOnly
          aria-label="Secret key"
          value={setUp.secret}
          className={`${inputClass} font-mono`}
          onFocus={(e) => e.target.select()}
        />
        <TextField
          label="Code from the app"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          error={error}
        />
        <FormActions>
          <Button type="submit" loading={confirm.isPending}>
            Confirm and turn on
          </Button>
        </FormActions>
      </form>
    </div>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div role="status" className="mb-3 rounded-md bg-amber-50 p-3 ring-1 ring-amber-200">
      <p className="text-sm text-amber-900">{twoStepMessages.turnedOn} Each works once, instead of a code.</p>
      <ul
        aria-label="Recovery codes"
        className="my-2 grid grid-cols-2 gap-1 font-mono text-sm text-slate-900"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <Button variant="secondary" size="sm" onClick={onDone}>
        I have saved them
      </Button>
    </div>
  );
}

function TurnOff() {
  const disable = useDisableTwoStep();
  const [error, setError] = useState<string>();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const currentPassword = String(new FormData(form).get('currentPassword') ?? '');
    disable.mutate(currentPassword, {
      onSuccess: (result) => {
        setError(undefined);
        form.reset();
        toastSuccess(result.message);
      },
      onError: (e) => setError(failureMessage(e, 'Could not turn two-step sign-in off')),
    });
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-3">
      <TextField
        label="Your password, to turn it off"
        name="currentPassword"
        type="password"
        autoComplete="current-password"
        required
        error={error}
        className="min-w-56 flex-1"
      />
      <FormActions>
        <Button type="submit" variant="secondary" loading={disable.isPending}>
          Turn off two-step sign-in
        </Button>
      </FormActions>
    </form>
  );
}
