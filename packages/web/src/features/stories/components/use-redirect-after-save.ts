import { STORY_REDIRECT_MS } from '@streamdesk/contract/stories';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** The location state of a list page the add redirect opens afresh. */
const AFRESH = { afresh: true } as const;

const isAfresh = (state: unknown) =>
  typeof state === 'object' && state !== null && 'afresh' in state && state.afresh === true;

/**
 * After a successful story save the toast shows and, 1 second later, the app navigates (doc 1
 * sections 4 and 9) to the top of the list page. A screen the admin leaves within that second
 * cancels the redirect, so it never pulls them back. `afresh` marks the page it opens as one to start
 * over (see useOpenedAfreshKey).
 */
export function useRedirectAfterSave() {
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  return (to: string, { afresh = false, ...options }: { replace?: boolean; afresh?: boolean } = {}) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      void navigate(to, afresh ? { ...options, state: AFRESH } : options);
      window.scrollTo({ top: 0 });
    }, STORY_REDIRECT_MS);
  };
}

/**
 * A key for the story screen's form and list that changes when the add redirect opens the screen afresh,
 * and only then: paging the list (`?page=2`, also a new location) keeps the form's draft and the list as
 * they are (docs/decisions/0012-lists.md).
 */
export function useOpenedAfreshKey(): string {
  const { key, state } = useLocation();
  const [opened, setOpened] = useState(key);
  if (isAfresh(state) && key !== opened) setOpened(key);
  return isAfresh(state) ? key : opened;
}
