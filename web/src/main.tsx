import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AppProviders } from './app/AppProviders';
import { createQueryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import { claimEarlyResponses } from './shared/api/early-responses';
import { startSessionCheck } from './shared/session';
import './styles.css';

// One data cache for the router (it starts a page's data beside its chunk) and the pages.
claimEarlyResponses();
const queryClient = createQueryClient();
startSessionCheck(queryClient, window.location.pathname);
const router = createAppRouter(queryClient);
const container = document.getElementById('root');
if (!container) throw new Error('#root is missing in index.html');

createRoot(container).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
