import { STORY_REDIRECT_MS } from '@streamdesk/contract/stories';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';

/**
 * After a successful story save the toast shows and, 1 second later, the app navigates (doc 1
 * sections 4 and 9) to the top of the list page. A screen the admin leaves within that second
 * cancels the redirect, so it never pulls them back.
 */
export function useRedirectAfterSave() {
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  return (to: string, options: { replace?: boolean } = {}) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      void navigate(to, options);
      window.scrollTo({ top: 0 });
    }, STORY_REDIRECT_MS);
  };
}
