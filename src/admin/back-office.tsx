import { useQueryClient } from '@tanstack/react-query';
import { Spin } from 'antd';
import { lazy, Suspense, useEffect, useLayoutEffect, useState } from 'react';
import { signedInStaffQuery, staffToken } from './api';
import { SignIn } from './sign-in';

// The menu, the header and every desk arrive once someone is signed in: the sign-in screen loads
// only what it shows (the first-load budget in scripts/bundle-budget.test.ts).
const Desk = lazy(() => import('./desk-shell').then((m) => ({ default: m.Desk })));

/** The signed-in staff member's desks, one menu entry per section their roles open. */
export function BackOffice() {
  const client = useQueryClient();
  const [signedIn, setSignedIn] = useState(() => staffToken.get() !== null);
  useEffect(() => {
    const out = () => setSignedIn(false);
    window.addEventListener('hiram-staff-signed-out', out);
    return () => window.removeEventListener('hiram-staff-signed-out', out);
  }, []);
  // Who is signed in is asked at once (before the first paint), beside the download of the
  // shell's chunk, not after it has arrived.
  useLayoutEffect(() => {
    if (signedIn) void client.prefetchQuery(signedInStaffQuery());
  }, [signedIn, client]);
  // Nothing read as one staff member is shown to the next: their roles and desks differ.
  const switchTo = (next: boolean) => {
    client.clear();
    setSignedIn(next);
  };
  if (!signedIn) return <SignIn onSignedIn={() => switchTo(true)} />;
  return (
    <Suspense fallback={<Spin fullscreen />}>
      <Desk onSignedOut={() => switchTo(false)} />
    </Suspense>
  );
}
