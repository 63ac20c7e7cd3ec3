import type { Config } from '../config';

/** One kind of data, how long it is kept, why, and what the daily job does when that has passed. */
export interface RetentionRule {
  kind: RetentionKind;
  days: number;
  keep: string;
  basis: string;
  action: string;
}

export type RetentionKind =
  | 'declinedApplications'
  | 'settledLoans'
  | 'identityImages'
  | 'references'
  | 'signIns'
  | 'smsLogs';

const YEAR = 365;

/**
 * The retention schedule (docs/privacy.md "Retention"). Loan records follow the configured years
 * (PRIVACY_LOAN_RECORDS_YEARS); the others are fixed here, each with its legal basis.
 */
export function retentionSchedule(config: Pick<Config, 'PRIVACY_LOAN_RECORDS_YEARS'>): readonly RetentionRule[] {
  const loanYears = config.PRIVACY_LOAN_RECORDS_YEARS;
  return [
    {
      kind: 'declinedApplications',
      days: 180,
      keep: '180 days after the decision',
      basis: 'RA 10173 §11(e): kept no longer than needed; long enough to answer a complaint about the decision',
      action: 'application answers and ID pictures deleted',
    },
    {
      kind: 'settledLoans',
      days: loanYears * YEAR,
      keep: `${loanYears} years after the loan ends`,
      basis:
        'RA 9160 as amended §9(b) (records 5 years after the account closes) and the Tax Code §235 with its regulations (books and records); set by PRIVACY_LOAN_RECORDS_YEARS',
      action: 'the borrower anonymised; the loan and its journals stay as anonymous accounting records',
    },
    {
      kind: 'identityImages',
      days: 5 * YEAR,
      keep: '5 years after the last loan ends (180 days when no loan was made)',
      basis: 'RA 9160 as amended §9(a)–(b): identification records 5 years after the account closes',
      action: 'ID photo and selfie deleted from storage',
    },
    {
      kind: 'references',
      days: 30,
      keep: '30 days after the application is decided',
      basis: 'NPC Circular 20-01 §5 as amended: a reference is used only to verify the application',
      action: "the reference's name and number deleted",
    },
    {
      kind: 'signIns',
      days: 90,
      keep: '90 days after a session ends; devices 1 year after last seen; one-time codes 30 days',
      basis: 'RA 10173 §11(e) and §20: security logs kept long enough to investigate misuse',
      action: 'sessions, device digests and one-time codes deleted',
    },
    {
      kind: 'smsLogs',
      days: 180,
      keep: '180 days after sending',
      basis: 'RA 10173 §11(e); delivery disputes are raised within weeks',
      action: 'SMS log rows deleted',
    },
  ];
}

export const DEVICE_DAYS = YEAR;
export const CODE_DAYS = 30;
/** Identity pictures of a borrower who never took a loan. */
export const UNUSED_IMAGE_DAYS = 180;
