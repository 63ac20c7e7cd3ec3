import type { SectionKey } from '../../../shared/contracts/application';

/** The application's steps in order: the privacy consent, the form sections, the payout account. */
export const STEPS = ['consent', 'personal', 'job', 'ext', 'public', 'bank'] as const satisfies readonly (
  | 'consent'
  | SectionKey
)[];
export type Step = (typeof STEPS)[number];

export const isStep = (value: string | null): value is Step => (STEPS as readonly string[]).includes(value ?? '');

/** The step to show: the one asked for, else the first still missing; null when nothing is missing. */
export function currentStep(asked: string | null, missing: readonly string[]): Step | null {
  if (isStep(asked)) return asked;
  return STEPS.find((s) => missing.includes(s)) ?? null;
}

/** After a step is done: the next missing one after it, else the first missing, else null. */
export function nextStep(done: Step, missing: readonly string[]): Step | null {
  const after = STEPS.slice(STEPS.indexOf(done) + 1).find((s) => missing.includes(s));
  return after ?? STEPS.find((s) => s !== done && missing.includes(s)) ?? null;
}
