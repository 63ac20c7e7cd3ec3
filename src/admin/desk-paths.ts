/**
 * Every page of the back office as a hash address, built in one place: a section (`#payments`),
 * a search (`#find/HRM00000080`) or one borrower (`#borrower/12`).
 */
export type DeskPage =
  | { kind: 'section'; key: string }
  | { kind: 'find'; q: string }
  | { kind: 'borrower'; borrowerId: number };

export const deskHref = {
  section: (key: string) => `#${key}`,
  find: (q: string) => `#find/${encodeURIComponent(q.trim())}`,
  borrower: (borrowerId: number) => `#borrower/${borrowerId}`,
};

export function deskPageOf(hash: string): DeskPage | null {
  const [head, ...rest] = hash.replace(/^#/, '').split('/');
  const tail = rest.join('/');
  if (head === 'find' && tail) return { kind: 'find', q: decodeURIComponent(tail) };
  if (head === 'borrower' && /^\d+$/.test(tail)) return { kind: 'borrower', borrowerId: Number(tail) };
  return head ? { kind: 'section', key: head } : null;
}
