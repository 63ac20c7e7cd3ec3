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
