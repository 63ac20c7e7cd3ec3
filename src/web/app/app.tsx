import { BrowserRouter } from 'react-router';
import { AppProviders } from './providers';
import { AppRoutes } from './router';
import { SessionSwitchDialog } from './session-switch-dialog';

export function App() {
  return (
    <AppProviders>
      <BrowserRouter>
        <AppRoutes />
        <SessionSwitchDialog />
      </BrowserRouter>
    </AppProviders>
  );
}
