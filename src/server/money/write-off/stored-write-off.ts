import { z } from 'zod';
import type { WriteOff } from '../../domain/loan';
import { type OrderRef, StoredStateError, whose } from '../loans/stored-state';

/**
 * A write-off as kept in `loan_orders.write_off`. Version 1 is the shape written since write-offs
 * began; one stored without `version` (version 0) has the same fields and reads the same. The
 * version is there so a later shape can be told apart and upgraded on read, as the loan state is.
 */
export const WRITE_OFF_VERSION = 1;

const int = z.number().int();
const fields = {
  on: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date YYYY-MM-DD'),
  amount: int,
  earned: z.object({ interest: int, fees: int, penalties: int }),
  collectedBefore: int,
};
const writeOffV0 = z.object(fields);
const writeOffV1 = z.object({ ...fields, version: z.literal(WRITE_OFF_VERSION) });

export type StoredWriteOff = z.infer<typeof writeOffV1>;

/** Reads `write_off` JSON, checked against its version's schema; null when the loan was not written off. */
export function readWriteOff(json: unknown, order?: OrderRef): WriteOff | null {
  if (json === null || json === undefined) return null;
  const version = typeof json === 'object' ? (json as { version?: unknown }).version : undefined;
  const schema = version === undefined ? writeOffV0 : version === WRITE_OFF_VERSION ? writeOffV1 : null;
  if (!schema)
    throw new StoredStateError(`${whose(order)} has a write-off of unknown version ${JSON.stringify(version)}`);
  const result = schema.safeParse(json);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.') || '(write-off)'}: ${issue.message}`);
    throw new StoredStateError(`${whose(order)} has a malformed write-off: ${problems.slice(0, 5).join('; ')}`);
  }
  const { on, amount, earned, collectedBefore } = result.data;
  return { on, amount, earned, collectedBefore };
}

/** What a write of `write_off` stores: the write-off at the current version. */
export function storedWriteOff(writeOff: WriteOff): StoredWriteOff {
  return { version: WRITE_OFF_VERSION, ...writeOff };
}
