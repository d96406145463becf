import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { DeferredToaster } from '../components/ui/deferred-toaster';
import { ThemeProvider } from '../lib/theme';

/** Everything that does not need the router: data cache, theme and the toaster. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        {children}
        <DeferredToaster />
      </ThemeProvider>
    </QueryClientProvider>
  );
}
