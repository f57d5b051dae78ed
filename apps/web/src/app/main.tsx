// Mantine's base styles first, so our CSS modules (loaded with the components) override them.
import './styles.ts';
import type { QueryClient } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { paintedContent } from '../lib/boot-hints.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { fetchSession, sessionKey } from '../lib/session.ts';
import { AppProviders } from './providers.tsx';
import { createAppRouter } from './router.tsx';

/**
 * Resolves once the browser has painted the page as sent (the boot splash of index.html and, on the landing, its
 * banner picture), or after 100 ms at the latest (a tab in the background paints nothing).
 */
const afterFirstPaint = () =>
  new Promise<void>((resolve) => {
    const timer = window.setTimeout(resolve, 100);
    requestAnimationFrame(() => {
      // Callbacks of requestAnimationFrame run just before the paint; a task queued from one runs after it.
      window.setTimeout(() => {
        window.clearTimeout(timer);
        resolve();
      }, 0);
    });
  });

const start = async () => {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html lacks the #root element');
  const queryClient = createQueryClient();
  await withSession(queryClient);
  const router = createAppRouter();
  // Taken before the first render replaces the splash: the loader shows the server's painted page meanwhile.
  paintedContent();
  const root = createRoot(container);
  // A transition: React renders the first screen in slices and keeps the main thread free for input meanwhile.
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppProviders queryClient={queryClient}>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
  });
};

/**
 * The session, asked for with the page (/config.js started it), in the query cache before the first render: every
 * screen reads it (the header, the access guard), and an answer arriving during that render would make React
 * render the whole page again at once, in one long task, instead of in slices. Waits 1 s at most.
 */
const withSession = (queryClient: QueryClient) =>
  Promise.race([
    queryClient.prefetchQuery({ queryKey: sessionKey, queryFn: fetchSession, staleTime: 60_000 }),
    new Promise<void>((resolve) => window.setTimeout(resolve, 1000)),
  ]);

// The app's first render waits for the first paint: what the server sent shows at once instead of after it.
void afterFirstPaint().then(start);
