import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BackOffice } from './back-office';
import { deskTheme } from './desk-theme';

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });

// The desktop back office, its own app (antd) apart from the borrower pages. antd's App (the
// desks' messages and dialogs) wraps the signed-in shell only (desk-shell.tsx): the sign-in needs none.
const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <ConfigProvider locale={enUS} theme={deskTheme}>
        <QueryClientProvider client={queryClient}>
          <BackOffice />
        </QueryClientProvider>
      </ConfigProvider>
    </StrictMode>,
  );
}
