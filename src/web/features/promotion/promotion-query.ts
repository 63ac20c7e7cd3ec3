/**
 * spec 001 §2.2: the landing reads id, app_from, user_from, utm_tag, links_id, down_id,
 * invite_code and UC from the query; the hash routes #/downloadTemplate and #/agreementTemplate
 * carry the same query. A link may put the query before the hash, inside it (the original
 * hash-routed page), or both; the address-bar query wins.
 */
export interface PromotionQuery {
  /** The template id (channel-template templateId, track page_id, register id). */
  id: number | undefined;
  appFrom: string | undefined;
  userFrom: string | undefined;
  utmTag: string | undefined;
  linksId: string | undefined;
  downId: string | undefined;
  inviteCode: string | undefined;
  /** Carried along untouched; its meaning is not shown in the spec. */
  uc: string | undefined;
}

export type PromotionRoute = 'landing' | 'download' | 'agreement';

/** The hash routes of spec 001 §2.2. */
export const HASH_ROUTES = { download: '/downloadTemplate', agreement: '/agreementTemplate' } as const;

function hashParts(hash: string): { path: string; query: string } {
  const raw = hash.replace(/^#/, '');
  const at = raw.indexOf('?');
  return at < 0 ? { path: raw, query: '' } : { path: raw.slice(0, at), query: raw.slice(at + 1) };
}

/** The address-bar query merged with the hash's query (the address bar wins). */
export function mergedParams(search: string, hash: string): URLSearchParams {
  const params = new URLSearchParams(search);
  for (const [key, value] of new URLSearchParams(hashParts(hash).query)) {
    if (!params.has(key)) params.set(key, value);
  }
  return params;
}

const text = (params: URLSearchParams, name: string) => {
  const value = params.get(name)?.trim();
  return value ? value.slice(0, 100) : undefined;
};

export function readPromotionQuery(search: string, hash = ''): PromotionQuery {
  const params = mergedParams(search, hash);
  const rawId = params.get('id')?.trim() ?? '';
  const id = /^\d{1,9}$/.test(rawId) && Number(rawId) > 0 ? Number(rawId) : undefined;
  return {
    id,
    appFrom: text(params, 'app_from'),
    userFrom: text(params, 'user_from'),
    utmTag: text(params, 'utm_tag'),
    linksId: text(params, 'links_id'),
    downId: text(params, 'down_id'),
    inviteCode: text(params, 'invite_code'),
    uc: text(params, 'UC'),
  };
}

export function routeOf(hash: string): PromotionRoute {
  const { path } = hashParts(hash);
  if (path === HASH_ROUTES.download) return 'download';
  if (path === HASH_ROUTES.agreement) return 'agreement';
  return 'landing';
}

/** The hash of a promotion route, carrying the same query (e.g. `#/downloadTemplate?id=1&utm_tag=x`). */
export function routeHash(route: Exclude<PromotionRoute, 'landing'>, search: string, hash = ''): string {
  const query = mergedParams(search, hash).toString();
  return `#${HASH_ROUTES[route]}${query ? `?${query}` : ''}`;
}

/**
 * spec 001 §2.2 "which of the link_id variant or the down_id variant is used depends on which of
 * the two is missing". Our reading: the campaign link carries either links_id (a shared link:
 * the download page offers both stores) or down_id (a download ad: one button for the visitor's
 * phone, the other store as a plain link). With neither, or both, the link variant.
 */
export type DownloadVariant = 'link' | 'down';

export function downloadVariant(query: Pick<PromotionQuery, 'linksId' | 'downId'>): DownloadVariant {
  return query.linksId === undefined && query.downId !== undefined ? 'down' : 'link';
}
