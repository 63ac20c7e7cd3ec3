import { getSession, type Session } from '../session';

/** What every call carries from the session (architecture.md: Sessions). */
export interface CommonParts {
  /** The session parameters other than the token, for the query string. */
  readonly query: ReadonlyArray<readonly [string, string]>;
  /** `Authorization: Session <token>` when there is a token. */
  readonly headers: Readonly<Record<string, string>>;
}

let cache: { session: Session; parts: CommonParts } | undefined;

function build(session: Session): CommonParts {
  const { sessionId, ...rest } = session;
  const query = Object.entries(rest).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  return {
    query,
    headers: sessionId ? { Authorization: `Session ${sessionId}` } : {},
  };
}

/** spec 000 §7: the common parameters, rebuilt whenever the session changes. */
export function commonParts(): CommonParts {
  const session = getSession();
  if (cache?.session !== session) cache = { session, parts: build(session) };
  return cache.parts;
}

/**
 * An address with the common query string appended (spec 001 §4 playeduL: the page's own query,
 * then the session parameters it does not already carry). The session token is never appended:
 * the address may be another company's page, and a token in it would let that page act as the
 * borrower.
 */
export function withCommonQuery(address: string, pageQuery: string = window.location.search): string {
  const [base = '', hash] = address.split('#', 2);
  const [path = '', query = ''] = base.split('?', 2);
  const params = new URLSearchParams(query);
  const add = (name: string, value: string) => {
    if (name !== 'sessionId' && !params.has(name)) params.set(name, value);
  };
  for (const [name, value] of new URLSearchParams(pageQuery)) add(name, value);
  for (const [name, value] of commonParts().query) add(name, value);
  const search = params.toString();
  return `${path}${search ? `?${search}` : ''}${hash !== undefined ? `#${hash}` : ''}`;
}
