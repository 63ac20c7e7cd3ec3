/**
 * Money is integer centavos held in a plain number. Every figure the engine produces is a
 * safe integer, and every division goes through `mulDivHalfUp` (half-up to the centavo), except
 * a ceiling, which `mulDivDown` rounds down so that rounding never takes a charge above it. No
 * floating-point money anywhere.
 */
export type Centavos = number;

/** Basis points per whole: 10,000 bps = 100%. */
export const BPS = 10_000;

export function assertCentavos(value: number, label = 'amount'): Centavos {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${label} must be a whole, non-negative number of centavos, got ${value}`);
  }
  return value;
}

/**
 * value × numerator ÷ denominator, rounded half-up. The product is taken in BigInt so a
 * large principal times a rate times a day count can never lose precision on the way.
 */
export function mulDivHalfUp(value: number, numerator: number, denominator: number): Centavos {
  assertCentavos(value, 'value');
  assertCentavos(numerator, 'numerator');
  if (!Number.isSafeInteger(denominator) || denominator <= 0) {
    throw new RangeError(`denominator must be a positive whole number, got ${denominator}`);
  }
  const d = BigInt(denominator);
  // floor(x + 1/2) with x = p / d is floor((2p + d) / 2d); BigInt division floors non-negatives.
  const rounded = Number((BigInt(value) * BigInt(numerator) * 2n + d) / (2n * d));
  if (!Number.isSafeInteger(rounded)) throw new RangeError(`result ${rounded} is not a safe integer`);
  return rounded;
}

/**
 * value × numerator ÷ denominator, rounded down. Only for ceilings: a figure held to a ceiling is
 * rounded so that it can never go above it.
 */
export function mulDivDown(value: number, numerator: number, denominator: number): Centavos {
  assertCentavos(value, 'value');
  assertCentavos(numerator, 'numerator');
  if (!Number.isSafeInteger(denominator) || denominator <= 0) {
    throw new RangeError(`denominator must be a positive whole number, got ${denominator}`);
  }
  const result = Number((BigInt(value) * BigInt(numerator)) / BigInt(denominator));
  if (!Number.isSafeInteger(result)) throw new RangeError(`result ${result} is not a safe integer`);
  return result;
}

/** A share of an amount in basis points, half-up. */
export function bpsOf(value: Centavos, bps: number): Centavos {
  return mulDivHalfUp(value, bps, BPS);
}

export function sumCentavos(values: readonly Centavos[]): Centavos {
  let total = 0;
  for (const value of values) total += value;
  if (!Number.isSafeInteger(total)) throw new RangeError(`sum ${total} is not a safe integer`);
  return total;
}
