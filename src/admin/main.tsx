import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BackOffice } from './back-office';
import { deskTheme } from './desk-theme';

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });

// The desktop back office, its own app (antd) apart from the borrower pages.
const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <ConfigProvider locale={enUS} theme={deskTheme}>
        <AntApp>
          <QueryClientProvider client={queryClient}>
            <BackOffice />
          </QueryClientProvider>
        </AntApp>
      </ConfigProvider>
    </StrictMode>,
  );
}
