import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { cssVariablesResolver, theme } from './theme.ts';

interface AppProvidersProps {
  queryClient: QueryClient;
  /** 'test' turns off Mantine transitions and portals in component tests. */
  env?: 'default' | 'test';
  children: ReactNode;
}

export function AppProviders({ queryClient, env = 'default', children }: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariablesResolver}
        forceColorScheme="light"
        env={env}
      >
        {children}
      </MantineProvider>
    </QueryClientProvider>
  );
}
