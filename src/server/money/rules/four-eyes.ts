import { Code } from '../../../shared/codes';
import { AppError } from '../../http/app-error';

/** How the operator token appears as an actor (staff-auth.ts gives it this name). */
export const OPERATOR_TOKEN_ACTOR = 'operator-token';

/**
 * Four eyes on money: what moves or undoes money is entered by one person and approved by
 * another, and both are people who signed in. The operator token is automation, so it can be
 * neither hand. Checked by the core at request and at approval time, whatever door the call
 * came through.
 */
export function assertMaker(maker: string, what: string): void {
  if (maker === OPERATOR_TOKEN_ACTOR)
    throw new AppError(Code.FORBIDDEN, `The operator token cannot enter ${what}: a signed-in finance user must`);
}

/** `mine` names the thing as its maker would: "a payout you requested". */
export function assertChecker(maker: string, checker: string, mine: string): void {
  if (checker === OPERATOR_TOKEN_ACTOR)
    throw new AppError(Code.FORBIDDEN, 'The operator token cannot approve money: a signed-in finance user must');
  if (checker === maker) throw new AppError(Code.FORBIDDEN, `A second finance user must approve ${mine} yourself`);
}
