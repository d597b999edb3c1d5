import { useEffect, useState } from 'react';

/** Below this width a mobile browser counts as a phone (doc 2 section 9). */
export const PHONE_MAX_WIDTH = 640;

const MOBILE = /Android|iPhone|iPod|Mobile|webOS|BlackBerry|IEMobile|Opera Mini/i;
const TABLET = /iPad|Tablet|Kindle|Silk|PlayBook|Android(?!.*Mobile)/i;

/** A phone: a mobile user agent that is not a tablet, on a screen narrower than 640 px. */
export function isPhone(userAgent: string, width: number): boolean {
  return MOBILE.test(userAgent) && !TABLET.test(userAgent) && width < PHONE_MAX_WIDTH;
}

/** Whether this browser is a phone, checked again on every resize. */
export function useIsPhone(): boolean {
  const check = () => isPhone(navigator.userAgent, window.innerWidth);
  const [phone, setPhone] = useState(check);
  useEffect(() => {
    const onResize = () => setPhone(check());
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return phone;
}
