/**
 * A positive whole number from the query, or undefined. A module of its own, so the pages that
 * read an id do not load the start page with it (first-load budgets).
 */
export function idParam(value: string | null): number | undefined {
  const n = Number(value);
  return value && Number.isSafeInteger(n) && n > 0 ? n : undefined;
}
