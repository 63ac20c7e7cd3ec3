import type { HookName } from './host';

/**
 * The device permission each hook of the host app needs (NPC Circular 20-01 as amended: no
 * permission an application does not need). None needs one: the pages read no contacts, call
 * log, SMS, location, microphone or storage. The ID photo and selfie come from the browser's own
 * file picker (`<input type="file">`), where the borrower chooses the camera or a picture each
 * time; no hook opens the camera. A `Record` over `HookName`: a new hook without its line here
 * is a type error, and `permissions.test.ts` fails on any permission but `none`.
 */
export const HOOK_PERMISSIONS: Readonly<Record<HookName, { permission: 'none'; why: string }>> = {
  openPage: { permission: 'none', why: 'opens one of the app’s own screens' },
  closeWebview: { permission: 'none', why: 'closes this page' },
  goToPage: { permission: 'none', why: 'opens an address in the app' },
  goHome: { permission: 'none', why: 'opens the app’s home screen' },
  goToMine: { permission: 'none', why: 'opens the app’s account screen' },
  logOutToLogin: { permission: 'none', why: 'signs out to the app’s login' },
  dialPhone: {
    permission: 'none',
    why: 'opens the dialer with the number filled in (the borrower places the call; CALL_PHONE is not needed)',
  },
  goToRate: { permission: 'none', why: 'opens the app store’s rating screen' },
  trackingPoint: { permission: 'none', why: 'an analytics event with no device identifiers' },
  bankFlowStart: { permission: 'none', why: 'tells the app a bank form is open' },
  bankFlowEnd: { permission: 'none', why: 'tells the app the bank form closed' },
};
