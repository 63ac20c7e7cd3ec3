import type { ReplyLocale } from '../../i18n/reply-locale';
import { FILE_TEXT } from './labels';
import type { MyData } from './my-data';

const html = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const table = (rows: readonly (readonly string[])[]) =>
  `<table>${rows.map((r) => `<tr>${r.map((c) => `<td>${html(c)}</td>`).join('')}</tr>`).join('')}</table>`;

/** The readable copy of My data: one self-contained HTML page, no scripts, no outside resources. */
export function readableFile(data: MyData, locale: ReplyLocale, madeAt: Date): string {
  const t = FILE_TEXT[locale];
  const section = (title: string, body: string) => `<h2>${html(title)}</h2>${body}`;
  const state = (o: MyData['optional'][number]) => (o.given ? t.given : o.at ? t.withdrawn : t.never);
  return [
    `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><title>${html(t.title)}</title>`,
    '<style>body{font:14px/1.5 system-ui,sans-serif;margin:24px;max-width:760px}td{border-bottom:1px solid #ddd;padding:4px 8px;vertical-align:top}</style></head><body>',
    `<h1>${html(t.title)}</h1><p>${html(t.made)} ${html(madeAt.toISOString())}</p>`,
    section(t.held, table(data.held.map((h) => [h.group, h.label, h.value]))),
    section(t.consents, table(data.consents.map((c) => [t.privacyConsent.replace('{v}', c.version), c.givenAt]))),
    section(t.optional, table(data.optional.map((o) => [o.consent, state(o), o.at ?? '']))),
    section(t.requests, table(data.requests.map((r) => [r.kind, r.status, r.createdAt, r.dueAt, r.outcome ?? '']))),
    section(t.access, table(data.access.map((a) => [a.what, a.at]))),
    section(t.holds, table(data.holds.map((h) => [h.what, h.reason, h.keptUntil ?? '']))),
    '</body></html>',
  ].join('\n');
}
