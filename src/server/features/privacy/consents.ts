import type { OptionalConsent } from '../../../shared/contracts/privacy';
import type { Db } from '../../db/client';
import { consentChoices } from '../../db/schema';
import { logRequest, type PrivacySettings } from './requests';

/**
 * Gives or withdraws an optional consent. A withdrawal takes effect at once (RA 10173 §16(b); as
 * easy as giving it) and is logged as a request answered on the spot.
 */
export async function chooseConsent(
  db: Db,
  borrowerId: number,
  consent: OptionalConsent,
  given: boolean,
  now: Date,
  settings: PrivacySettings,
) {
  return db.transaction(async (tx) => {
    await tx.insert(consentChoices).values({ borrowerId, consent, given, at: now });
    return logRequest(
      tx,
      borrowerId,
      'consent',
      { consent, given: given ? '1' : '0' },
      now,
      settings,
      given ? `Consent to ${consent} given.` : `Consent to ${consent} withdrawn; it stopped at once.`,
    );
  });
}

/** An objection to direct marketing (RA 10173 §16(e), §34 IRR): marketing stops at once. */
export async function objectToMarketing(db: Db, borrowerId: number, now: Date, settings: PrivacySettings) {
  return db.transaction(async (tx) => {
    await tx.insert(consentChoices).values({ borrowerId, consent: 'marketing', given: false, at: now });
    return logRequest(tx, borrowerId, 'objection', { use: 'marketing' }, now, settings, 'Marketing stopped at once.');
  });
}
