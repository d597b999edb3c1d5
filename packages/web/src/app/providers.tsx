import { startTransition, useEffect, useState, type ComponentType, type ReactNode } from 'react';

/**
 * The toaster's code (sonner, 14.5 kB gzipped) is asked for once the page has loaded, not with the entry:
 * the sign-in page shows no toast until its form is sent, and its JavaScript has a 150 kB budget
 * (docs/decisions/0083). Not later, when the browser is idle: on a signed-in screen that came after its
 * list had been drawn, and the load ended with that request. A toast asked for sooner is not lost: sonner
 * shows the toasts still up to a Toaster that mounts after them.
 */
const toasterCode = () => import('./toaster');

function afterLoad(run: () => void): () => void {
  if (document.readyState === 'complete') run();
  else window.addEventListener('load', run, { once: true });
  return () => window.removeEventListener('load', run);
}

function LateToaster() {
  const [Loaded, setLoaded] = useState<ComponentType | null>(null);
  useEffect(() => {
    let live = true;
    const load = () =>
      toasterCode().then(
        // A transition: a signed-in screen's first render (the router's, a transition too) goes on
        // rather than starting again from the top for the toaster's.
        ({ AppToaster }) => live && startTransition(() => setLoaded(() => AppToaster)),
        // Offline when it was asked for: again once the connection is back.
        () => window.addEventListener('online', load, { once: true }),
      );
    const stop = afterLoad(load);
    return () => {
      live = false;
      stop();
      window.removeEventListener('online', load);
    };
  }, []);
  return Loaded ? <Loaded /> : null;
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <LateToaster />
    </>
  );
}
