// Mantine's base styles first, so our CSS modules (loaded with the components) override them.
import './styles.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createQueryClient } from '../lib/query-client.ts';
import { AppProviders } from './providers.tsx';
import { createAppRouter } from './router.tsx';

const queryClient = createQueryClient();
const router = createAppRouter();
const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks the #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
