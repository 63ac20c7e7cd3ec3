import argon2 from 'argon2';
import { argon2Work, type Lane } from './sign-in-guard';

export interface Argon2Cost {
  /** KiB of memory per hash. */
  memoryCost: number;
  /** Passes over that memory. */
  timeCost: number;
  /** Lanes. */
  parallelism: number;
}

/** argon2's own defaults, spelled out: 64 MiB, 3 passes, 4 lanes (about a quarter second here). */
export const STANDARD_COST: Argon2Cost = { memoryCost: 65_536, timeCost: 3, parallelism: 4 };

/**
 * The test runner's cost (NODE_ENV=test): the same algorithm at a small cost, so the hundred-odd
 * staff sign-ins of the test run do not spend half a second of CPU each. A stored hash carries its
 * own cost, so a hash made either way verifies either way; what slowness a test needs (the
 * argon2 queue) it makes itself.
 */
export const TEST_COST: Argon2Cost = { memoryCost: 1_024, timeCost: 1, parallelism: 1 };

export const argon2Cost = (nodeEnv: string | undefined): Argon2Cost => (nodeEnv === 'test' ? TEST_COST : STANDARD_COST);

/** argon2id at the cost for this process, in the small queue shared with sign-ins. */
export const hashPassword = (password: string, cost = argon2Cost(process.env.NODE_ENV)) =>
  argon2Work(() => argon2.hash(password, { type: argon2.argon2id, ...cost }), { refuseWhenBusy: false });

/** Whether the password matches the stored hash (false for a malformed hash); refused when the queue is full. */
export const verifyPassword = (hash: string, password: string, lane: Lane = 'normal') =>
  argon2Work(() => argon2.verify(hash, password).catch(() => false), { refuseWhenBusy: true, lane });
