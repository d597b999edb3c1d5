import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { resumePushSubscription } from './push/subscribe-to-push';
import { SiteApp } from './site-app';
import './site.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <SiteApp pathname={window.location.pathname} />
  </StrictMode>,
);

resumePushSubscription();
