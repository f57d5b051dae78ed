import { type WebLayout, type WebRoute, webRoutes } from '@portal/contract';
import { createBrowserRouter, createMemoryRouter, Outlet, type RouteObject } from 'react-router';
import { BootSplash } from '../components/boot-splash.tsx';
import { MainLayout } from '../components/layout/main-layout.tsx';
import { SecondaryLayout } from '../components/layout/secondary-layout.tsx';
import { RouteErrorPage } from '../components/route-error-page.tsx';
import { AccessGuard } from './access-guard.tsx';
import { appHeader } from './header.tsx';
import { RootShell } from './root-shell.tsx';
import { notFoundScreen, type ScreenLoader, screens } from './screens.ts';

const lazyScreen = (load: ScreenLoader) => async () => ({ Component: (await load()).default });

const layoutElements: Record<WebLayout, React.ReactElement> = {
  main: <MainLayout header={appHeader} />,
  secondary: <SecondaryLayout header={appHeader} />,
  bare: <Outlet />,
};

const toRouteObject = (route: WebRoute): RouteObject => {
  const load = screens[route.screen];
  // The contract types screen ids as strings; a table entry without a module is a programming error.
  if (!load) throw new Error(`No screen module for '${route.screen}' (${route.path})`);
  return {
    path: route.path,
    element: <AccessGuard access={route.access} />,
    children: [{ index: true, lazy: lazyScreen(load) }],
  };
};

/**
 * The one place the SPA's routes are built: every entry of the contract's web route table, grouped under
 * its layout, guarded by its access level, rendering its lazily loaded screen. Matching is case-insensitive
 * (React Router's default). Unknown paths render the 404 page in the main layout.
 */
export const buildRoutes = (): RouteObject[] => {
  const layouts = (Object.keys(layoutElements) as WebLayout[]).map((layout) => {
    const children = webRoutes.filter((route) => route.layout === layout).map(toRouteObject);
    if (layout === 'main') children.push({ path: '*', lazy: lazyScreen(notFoundScreen) });
    return { element: layoutElements[layout], children };
  });
  return [
    {
      element: <RootShell />,
      // Until the first screen's code is in: the splash index.html painted, unchanged.
      hydrateFallbackElement: <BootSplash />,
      errorElement: <RouteErrorPage />,
      children: layouts.filter((layout) => layout.children.length > 0),
    },
  ];
};

export const createAppRouter = () => createBrowserRouter(buildRoutes());

/** For component tests: the same route tree in memory. */
export const createTestRouter = (initialEntries: string[]) =>
  createMemoryRouter(buildRoutes(), { initialEntries });
