import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Toaster } from '../shared/toast/Toaster';
import { createQueryClient } from './query-client';

/**
 * Everything that sits outside the router: data cache and the toast area. `onMounted` runs once the first render
 * is committed (after a hydration: once the page is the app's).
 */
export function AppProviders({ children, queryClient, onMounted }: { children: ReactNode; queryClient?: QueryClient; onMounted?: () => void }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  useEffect(() => onMounted?.(), [onMounted]);
  return (
    <QueryClientProvider client={client}>
      {children}
      <Toaster />
    </QueryClientProvider>
  );
}
