import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { subscribeSession } from '../lib/session';
import { createBrowserQueryClient } from './query-client';

// antd-mobile's locale is its default config, set with its React 19 adapter (lib/antd-mobile.ts)
// before any of its components render: no <ConfigProvider> is needed, and the entry carries none.
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createBrowserQueryClient());

  // A new or ended session must never show the previous borrower's data.
  useEffect(() => subscribeSession(() => client.clear()), [client]);

  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
