import type { RequestKind } from '../../../shared/contracts/privacy';

const KIND: Record<RequestKind, { en: string; fil: string }> = {
  access: { en: 'copy of your data', fil: 'kopya ng iyong datos' },
  correction: { en: 'correction', fil: 'pagtatama' },
  consent: { en: 'consent', fil: 'pahintulot' },
  objection: { en: 'objection', fil: 'pagtutol' },
  erasure: { en: 'erasure', fil: 'pagbura' },
  blocking: { en: 'blocking', fil: 'pag-block' },
};

/** The SMS that tells a borrower the answer to their request, in the language they signed in with. */
export function outcomeSms(
  kind: RequestKind,
  status: 'done' | 'refused',
  outcome: string,
  language: string | null,
): string {
  const name = KIND[kind];
  if (language === 'fil')
    return `Hiram: Ang iyong kahilingan para sa ${name.fil} ay ${status === 'done' ? 'natapos na' : 'hindi natanggap'}. ${outcome} Tingnan sa "Aking datos" sa app.`;
  return `Hiram: Your ${name.en} request was ${status === 'done' ? 'carried out' : 'refused'}. ${outcome} See "My data" in the app.`;
}
