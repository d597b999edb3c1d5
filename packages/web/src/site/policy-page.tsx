import { POLICY_PUBLIC_PATH, type PublicPolicy as Policy } from '@streamdesk/contract/policy-public';
import { useEffect, useState } from 'react';
import { READ_DEADLINE_MS, withDeadline } from '@/lib/deadlines';
import { runtimeConfig } from '@/lib/runtime-config';

type State = { kind: 'loading' } | { kind: 'error' } | { kind: 'ready'; policy: Policy };

/**
 * The public privacy policy. The description is shown as text (React text nodes with its line breaks
 * kept), never as HTML, so nothing in it can run (docs/decisions/0018-videos.md).
 */
export function PolicyPage() {
  const [state, setState] = useState<State>({ kind: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    // A reply that does not come within the read deadline shows the error, not an endless loader.
    const deadline = withDeadline(READ_DEADLINE_MS, controller.signal);
    fetch(POLICY_PUBLIC_PATH, {
      headers: { 'api-key': runtimeConfig().apiKey, accept: 'application/json' },
      signal: deadline.signal,
    })
      .then(async (res) => {
        const body = (await res.json()) as { status?: boolean; data?: Policy };
        setState(body.status && body.data ? { kind: 'ready', policy: body.data } : { kind: 'error' });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ kind: 'error' });
      })
      .finally(deadline.clear);
    return () => controller.abort();
  }, []);

  useEffect(() => {
    document.title = state.kind === 'ready' ? state.policy.policy_title : 'Privacy Policy';
  }, [state]);

  return (
    <main className="mx-auto min-h-dvh max-w-3xl px-5 py-10 sm:py-14">
      {state.kind === 'loading' && (
        <p role="status" className="text-neutral-400">
          Loading the privacy policy…
        </p>
      )}
      {state.kind === 'error' && (
        <div role="alert">
          <h1 className="text-2xl font-semibold">Privacy Policy</h1>
          <p className="mt-3 text-neutral-400">
            The privacy policy could not be loaded. Please try again later.
          </p>
        </div>
      )}
      {state.kind === 'ready' && (
        <article>
          <h1 className="text-2xl font-semibold sm:text-3xl">{state.policy.policy_title}</h1>
          {state.policy.updatedAt && (
            <p className="mt-2 text-sm text-neutral-400">
              Last updated{' '}
              {new Date(state.policy.updatedAt).toLocaleDateString('en-GB', { dateStyle: 'long' })}
            </p>
          )}
          <p className="mt-6 leading-7 break-words whitespace-pre-wrap text-neutral-200">
            {state.policy.policy_description || 'The privacy policy has not been published yet.'}
          </p>
        </article>
      )}
    </main>
  );
}
