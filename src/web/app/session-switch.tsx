import { lazy, Suspense, useSyncExternalStore } from 'react';
import { getPendingSwitch, subscribeSession } from '../lib/session';

const SessionSwitchDialog = lazy(() => import('./session-switch-dialog'));
const none = () => null;

/** The switch question, loaded only when an address brought another account's session. */
export function SessionSwitch() {
  const pending = useSyncExternalStore(subscribeSession, getPendingSwitch, none);
  if (!pending) return null;
  return (
    <Suspense fallback={null}>
      <SessionSwitchDialog />
    </Suspense>
  );
}
