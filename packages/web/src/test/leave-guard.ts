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

/** A side navigation link a test leaves the screen by, and the path it goes to. */
export interface WayOut {
  link: string;
  path: string;
}

/** The side navigation's Policy link: the way out of every screen but the Policy screen itself. */
const toPolicy: WayOut = { link: 'Policy', path: '/policy' };

/** The side navigation's Video link: the way out of the Policy screen. */
export const toVideo: WayOut = { link: 'Video', path: '/add/video' };

/** Leaves the screen as a person would, by a side navigation link (Policy): the question that opens. */
export async function askedToLeave(user: UserEvent, what: string, way: WayOut = toPolicy) {
  return askedBy(() => user.click(screen.getAllByRole('link', { name: way.link })[0]!), what);
}

/** The "Unsaved changes" question `move` opens, checked to name `what`. */
export async function askedBy(move: () => Promise<unknown>, what: string) {
  await move();
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
 * With `what` unsaved, a reload asks and so does the Policy link (or `way`): Cancel stays on the
 * screen with the work (`kept` checks it), and 'Leave without saving' goes to the link's screen, which
 * asks nothing on a reload.
 */
export async function expectAskedBeforeLeaving(
  { user, router }: { user: UserEvent; router: Router },
  what: string,
  kept: () => void,
  way: WayOut = toPolicy,
) {
  const path = router.state.location.pathname;
  expect(asksBeforeUnload()).toBe(true);
  await stay(user, await askedToLeave(user, what, way));
  expect(router.state.location.pathname).toBe(path);
  kept();

  const ask = await askedToLeave(user, what, way);
  await user.click(within(ask).getByRole('button', { name: 'Leave without saving' }));
  await waitFor(() => expect(router.state.location.pathname).toBe(way.path));
  await waitFor(() => expect(asksBeforeUnload()).toBe(false));
}

/** Nothing unsaved: the Policy link (or `way`) goes at once, with no question (nor on a reload). */
export async function expectLeavesWithoutAsking(
  { user, router }: { user: UserEvent; router: Router },
  way: WayOut = toPolicy,
) {
  await waitFor(() => expect(asksBeforeUnload()).toBe(false));
  await user.click(screen.getAllByRole('link', { name: way.link })[0]!);
  await waitFor(() => expect(router.state.location.pathname).toBe(way.path));
  expect(screen.queryByRole('dialog', { name: 'Unsaved changes' })).toBeNull();
}

/**
 * With `what` unsaved, a move within the screen that would drop it (Edit on another row, a dialog closed)
 * asks: Cancel keeps the work (`kept` checks it), and 'Leave without saving' goes on with the move
 * (`went` checks where it went).
 */
export async function expectAskedBeforeDropping(
  user: UserEvent,
  what: string,
  move: () => Promise<unknown>,
  { kept, went }: { kept: () => void; went: () => Promise<unknown> },
) {
  await stay(user, await askedBy(move, what));
  kept();

  const ask = await askedBy(move, what);
  await user.click(within(ask).getByRole('button', { name: 'Leave without saving' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Unsaved changes' })).toBeNull());
  await went();
}

/** Nothing unsaved: `move` goes at once, with no question. */
export async function expectMovesWithoutAsking(move: () => Promise<unknown>, went: () => Promise<unknown>) {
  await move();
  await went();
  expect(screen.queryByRole('dialog', { name: 'Unsaved changes' })).toBeNull();
}
