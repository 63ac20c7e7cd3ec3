/** Basis points as a percentage with two decimals: 536 → "5.36%". One spelling for every reply and document. */
export const formatBps = (bps: number): string => `${(bps / 100).toFixed(2)}%`;
