import { Code } from '../../shared/codes';

/** A refusal the borrower should read: its code and message go into the envelope as they are. */
export class AppError extends Error {
  constructor(
    readonly code: number | string,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (what: string) => new AppError(Code.NOT_FOUND, `${what} was not found`);
export const badRequest = (message: string, field?: string) =>
  new AppError(Code.BAD_REQUEST, message, field ? { field } : null);
