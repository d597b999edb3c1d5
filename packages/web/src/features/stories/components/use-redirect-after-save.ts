import { STORY_REDIRECT_MS } from '@streamdesk/contract/stories';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useNavigation } from 'react-router';

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
  // A navigation the admin starts within that second cancels it too, before this screen unmounts: the
  // next screen's code may take longer than the second to load (the router keeps this screen meanwhile),
  // and the redirect then pulled the admin back from where they were going (seen in CI under load).
  const navigating = useNavigation().state !== 'idle';
  useEffect(() => {
    if (navigating) clearTimeout(timer.current);
  }, [navigating]);

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
