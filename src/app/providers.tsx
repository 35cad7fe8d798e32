import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { wallChangesOf } from '../data/wall-changes.ts';

/**
 * The query client, and with it the wall's store and Realtime connection (src/data/wall-store.ts,
 * wall-changes.ts): one of each per client, for the page's life.
 */
function createQueryClient(): QueryClient {
  const queryClient = new QueryClient();
  wallChangesOf(queryClient);
  return queryClient;
}

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
