// First: it asks for the opening screen's code while the rest of the app's modules run.
import './app/early-screen-code';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { verifyStoredSession } from './features/auth/api';
import { getAuthStatus } from './lib/auth-state';
import './index.css';

// The sign-in check goes out now, while the opening screen's code (already downloaded, screen-preload.ts)
// is run, instead of from RootLayout, which the router mounts only once it has run that code: 0.2 s later
// with the CPU slowed 4x, and every signed-in screen's reads wait for the check. RootLayout's own call
// finds this one on its way (docs/decisions/0080).
if (getAuthStatus() === 'checking') void verifyStoredSession();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
