import { BrowserRouter } from '../lib/router';
import { AppProviders } from './providers';
import { AppRoutes } from './router';
import { SessionSwitch } from './session-switch';

export function App() {
  return (
    <AppProviders>
      <BrowserRouter>
        <AppRoutes />
        <SessionSwitch />
      </BrowserRouter>
    </AppProviders>
  );
}
