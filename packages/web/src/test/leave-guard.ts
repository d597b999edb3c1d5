import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { createMemoryRouter } from 'react-router';
import { expect } from 'vitest';

type Router = ReturnType<typeof createMemoryRouter>;

/** Whether the page asks before it is reloaded or closed (the browser's beforeunload question). */
export const asksBeforeUnload = () => {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
};

/** The Policy screen's GET, for a test that leaves a screen through the side navigation's Policy link. */
export const policyApi = {
  'GET /api/App/policy/admin/get': {
    status: true,
    message: 'Policy',
    data: { policy_title: 'Privacy', policy_description: 'We keep little.', updatedAt: null },
    version: '1111111111111111',
  },
};

/** Leaves the screen as a person would, by the side navigation's Policy link: the question that opens. */
export async function askedToLeave(user: UserEvent, what: string) {
  await user.click(screen.getAllByRole('link', { name: 'Policy' })[0]!);
  const ask = await screen.findByRole('dialog', { name: 'Unsaved changes' });
  expect(ask).toHaveTextContent(`Your changes to ${what} are not saved. If you leave now, they are lost.`);
  return ask;
}

/** Cancel on the leave question: it closes and the screen stays. */
export async function stay(user: UserEvent, ask: HTMLElement) {
  await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Unsaved changes' })).toBeNull());
}

/**
 * With `what` unsaved, the Policy link asks: Cancel stays on the screen with the work (`kept` checks
 * it), and 'Leave without saving' goes to the Policy screen, which asks nothing on a reload.
 */
export async function expectAskedBeforeLeaving(
  { user, router }: { user: UserEvent; router: Router },
  what: string,
  kept: () => void,
) {
  const path = router.state.location.pathname;
  expect(asksBeforeUnload()).toBe(true);
  await stay(user, await askedToLeave(user, what));
  expect(router.state.location.pathname).toBe(path);
  kept();

  const ask = await askedToLeave(user, what);
  await user.click(within(ask).getByRole('button', { name: 'Leave without saving' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/policy'));
  await waitFor(() => expect(asksBeforeUnload()).toBe(false));
}

/** Nothing unsaved: the Policy link goes at once, with no question (nor on a reload). */
export async function expectLeavesWithoutAsking({ user, router }: { user: UserEvent; router: Router }) {
  await waitFor(() => expect(asksBeforeUnload()).toBe(false));
  await user.click(screen.getAllByRole('link', { name: 'Policy' })[0]!);
  await waitFor(() => expect(router.state.location.pathname).toBe('/policy'));
  expect(screen.queryByRole('dialog', { name: 'Unsaved changes' })).toBeNull();
}
