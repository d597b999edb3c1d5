import type { SVGProps } from 'react';

/**
 * The app's mark. Apart from the other icons (icons.tsx): the sign-in and signed-out pages show only this,
 * and the rest are the signed-in chrome's and screens' (docs/decisions/0080).
 */
export const LogoIcon = (p: SVGProps<SVGSVGElement>) => (
  <svg aria-hidden="true" viewBox="0 0 24 24" className="size-7 shrink-0" {...p}>
    <rect width="24" height="24" rx="6" fill="#4f46e5" />
    <path d="M9.5 7.5l7 4.5-7 4.5z" fill="white" />
  </svg>
);
