/** The 'not found' picture an empty shortcut list shows (doc 1 section 2). */
export function NotFoundPicture({ label }: { label: string }) {
  return (
    <figure className="flex flex-col items-center gap-3 py-10 text-center">
      <svg role="img" aria-label={label} viewBox="0 0 200 140" className="h-32 w-auto sm:h-40">
        <ellipse cx="100" cy="128" rx="70" ry="8" fill="#e2e8f0" />
        <rect x="38" y="22" width="96" height="86" rx="10" fill="#f8fafc" stroke="#cbd5e1" strokeWidth="3" />
        <rect x="52" y="38" width="52" height="8" rx="4" fill="#cbd5e1" />
        <rect x="52" y="56" width="68" height="8" rx="4" fill="#e2e8f0" />
        <rect x="52" y="74" width="40" height="8" rx="4" fill="#e2e8f0" />
        <circle cx="128" cy="86" r="26" fill="#eef2ff" stroke="#6366f1" strokeWidth="5" />
        <path d="M146 104l20 20" stroke="#6366f1" strokeWidth="9" strokeLinecap="round" />
        <path d="M119 77l18 18M137 77l-18 18" stroke="#6366f1" strokeWidth="5" strokeLinecap="round" />
      </svg>
      <figcaption className="text-sm font-medium text-slate-600">{label}</figcaption>
    </figure>
  );
}
