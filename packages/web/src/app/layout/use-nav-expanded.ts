import { useState } from 'react';

const STORAGE_KEY = 'streamdesk.sideNavExpanded';

function stored(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEY) === 'true';
  } catch {
    return false; // storage refused (a private window's quota): the rail starts collapsed
  }
}

/**
 * Whether the desktop side navigation stays expanded with its labels, remembered in this browser
 * (issue 36). Sign-out clears it with everything else stored (doc 1 section 2).
 */
export function useNavExpanded(): [boolean, (expanded: boolean) => void] {
  const [expanded, setExpanded] = useState(stored);
  const change = (next: boolean) => {
    setExpanded(next);
    try {
      if (next) localStorage.setItem(STORAGE_KEY, 'true');
      else localStorage.removeItem(STORAGE_KEY);
    } catch {
      // Not remembered; the choice still holds on this page.
    }
  };
  return [expanded, change];
}
