import type { RepaymentInfo } from '../../../../shared/contracts/repayment';

/** spec 001 §2.7, §2.8: the period page saves the repayment info here; /repaymentOfCode2 reads it. */
export const REPAYMENT_INFO_KEY = 'repaymentInfo';

export type StoredRepaymentInfo = Pick<RepaymentInfo, 'repayAmount' | 'productLogo' | 'productName' | 'defDetail'> & {
  /** Set when the info is for an extension: the code page shows the delay amount instead. */
  delayAmount?: number;
};

export function saveRepaymentInfo(info: StoredRepaymentInfo): void {
  try {
    localStorage.setItem(REPAYMENT_INFO_KEY, JSON.stringify(info));
  } catch {
    // Private mode without storage: the code page then says there is nothing to show.
  }
}

export function readRepaymentInfo(): StoredRepaymentInfo | null {
  try {
    const raw = localStorage.getItem(REPAYMENT_INFO_KEY);
    if (!raw) return null;
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null || !('defDetail' in value)) return null;
    return value as StoredRepaymentInfo;
  } catch {
    return null;
  }
}
