import { Code } from '../../../../shared/codes';
import { STAFF_PASSWORD_MIN } from '../../../../shared/contracts/back-office';
import { AppError } from '../../../http/app-error';

type Estimate = (password: string, userInputs?: string[]) => { score: number };

let estimator: Promise<Estimate> | undefined;

/** zxcvbn with its list of common passwords and keyboard patterns, loaded on first use (it is 2.5 MB). */
function loadEstimator(): Promise<Estimate> {
  estimator ??= (async () => {
    const [{ zxcvbn, zxcvbnOptions }, common] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
    ]);
    zxcvbnOptions.setOptions({ dictionary: { ...common.dictionary }, graphs: common.adjacencyGraphs });
    return (password, userInputs) => zxcvbn(password, userInputs);
  })();
  return estimator;
}

/** Scores 0–4; 3 means "safely unguessable" online, which common passwords and repeats never reach. */
export const MIN_PASSWORD_SCORE = 3;

/**
 * A staff password: at least STAFF_PASSWORD_MIN characters, and not a common password, a
 * keyboard walk, a repeat or a sequence (`aaaaaaaaaaaa`, `password1234`), nor built on the
 * account's own e-mail or name.
 */
export async function checkStaffPassword(password: string, account: { email: string; name?: string }): Promise<void> {
  if (password.length < STAFF_PASSWORD_MIN) {
    throw new AppError(Code.BAD_REQUEST, `password: Use at least ${STAFF_PASSWORD_MIN} characters`, {
      field: 'password',
    });
  }
  const estimate = await loadEstimator();
  const inputs = [account.email, account.email.split('@')[0] ?? '', account.name ?? ''].filter(Boolean);
  if (estimate(password, inputs).score < MIN_PASSWORD_SCORE) {
    throw new AppError(
      Code.BAD_REQUEST,
      'password: This password is too common or too easy to guess. Use a phrase of several unrelated words',
      { field: 'password' },
    );
  }
}
