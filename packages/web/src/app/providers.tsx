import { useEffect, useState, type ComponentType, type ReactNode } from 'react';

/**
 * The toaster's code (sonner, 14.5 kB gzipped) is asked for once the page has loaded and the browser is
 * idle, not with the entry: the sign-in page shows no toast until its form is sent, and its JavaScript
 * has a 150 kB budget (docs/decisions/0083). A toast asked for sooner is not lost: sonner shows the toasts
 * still up to a Toaster that mounts after them.
 */
const toasterCode = () => import('./toaster');

function afterLoad(run: () => void): () => void {
  let idle: number | undefined;
  // requestIdleCallback where there is one (not Safari, not jsdom): after the opening screen's own work.
  const loaded = () => {
    if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(run, { timeout: 2000 });
    else run();
  };
  if (document.readyState === 'complete') loaded();
  else window.addEventListener('load', loaded, { once: true });
  return () => {
    window.removeEventListener('load', loaded);
    if (idle !== undefined) cancelIdleCallback(idle);
  };
}

function LateToaster() {
  const [Loaded, setLoaded] = useState<ComponentType | null>(null);
  useEffect(() => {
    let live = true;
    const load = () =>
      toasterCode().then(
        ({ AppToaster }) => live && setLoaded(() => AppToaster),
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
