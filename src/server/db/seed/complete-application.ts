import { eq } from 'drizzle-orm';
import { PRIVACY_CONSENT_VERSION } from '../../../shared/contracts/application';
import type { Db } from '../client';
import { applicationAnswers, borrowers, payoutAccounts, privacyConsents } from '../schema';

type Writer = Pick<Db, 'select' | 'insert'>;

/**
 * A complete application for a demo or test borrower, written straight to the tables: the demo
 * seed and tests that are about something else give their borrowers the answers, consent and payout
 * account an application needs (`payout: false` leaves the payout account to the caller). The identity pictures are left out (there are no real ones);
 * credit staff see that they are missing.
 */
export async function completeApplicationFor(db: Writer, borrowerId: number, { payout = true } = {}): Promise<void> {
  const [borrower] = await db.select().from(borrowers).where(eq(borrowers.id, borrowerId));
  if (!borrower) throw new Error(`no borrower ${borrowerId}`);
  const fullName = borrower.fullName ?? 'Test Borrower';
  const sections: Record<string, Record<string, string>> = {
    personal: { fullName, birthDate: '1990-05-14', city: 'Quezon City', street: '12 Mabini St., Barangay Malaya' },
    job: { employment: 'employed', employer: 'Mabuhay Foods Inc.', monthlyIncome: '2500000' },
    ext: { refName: 'Ana Reyes', refRelation: 'sibling', refPhone: '09175550199', refConsent: '1' },
    // One ID number per person (from the mobile number): the credit desk flags an ID number two borrowers share.
    public: {
      idType: 'philsys',
      idNumber: `${borrower.phone.slice(-10, -6)}-${borrower.phone.slice(-6, -2)}-${borrower.phone.slice(-2)}00-0001`,
      idPhoto: '',
      selfie: '',
    },
  };
  await db
    .insert(applicationAnswers)
    .values(Object.entries(sections).map(([section, answers]) => ({ borrowerId, section, answers })))
    .onConflictDoNothing();
  await db.insert(privacyConsents).values({ borrowerId, version: PRIVACY_CONSENT_VERSION });
  if (!payout) return;
  await db
    .insert(payoutAccounts)
    .values({
      borrowerId,
      cardType: 1,
      channelNumber: 90006,
      accountName: fullName,
      accountNo: borrower.phone,
      fields: {},
    })
    .onConflictDoNothing();
}
