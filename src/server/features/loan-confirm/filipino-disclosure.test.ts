import { describe, expect, it } from 'vitest';
import { REGIMES } from '../../domain/loan';
import { englishLeft } from '../../i18n/english-left';
import { replyText } from '../../i18n/reply-texts';
import { authHeader, buildTestApp } from '../../test/test-app';

const t = await buildTestApp();
const a = authHeader(await t.loginApplied('09175550161'));

type Row = { text: string; value: string };

async function detail(productId: number, language: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/owner/v3/loan-confirm/detail?productId=${productId}`,
    headers: { ...a, 'accept-language': language },
  });
  return res.json().data as { disclosure: Row[]; details: Row[] };
}

// Names that read the same in every language: the regulations and the statute's title.
const NAMES = [...REGIMES.map((regime) => regime.source), 'Truth in Lending Act', 'R.A. 3765'];

describe('Filipino throughout: the disclosure rows on the confirm page', () => {
  it('detector: English left in a Filipino text is found, a translated one passes', () => {
    expect(englishLeft('Default charge, isang beses', 'Default charge, once')).toEqual(['default', 'charge']);
    expect(englishLeft('Numero ng kontrata', 'Contract number')).toEqual([]);
    expect(englishLeft('Rollover na Pagbabayad', 'Rollover Repayment')).toEqual(['rollover']);
  });

  for (const productId of [1, 2, 3]) {
    it(`product ${productId}: no English left in any Filipino disclosure or summary row (default charge, late-penalty tiers, extension fee, prepayment, ceilings)`, async () => {
      const [en, fil] = [await detail(productId, 'en'), await detail(productId, 'fil')];
      expect(fil.disclosure).toHaveLength(en.disclosure.length);
      const left = [...fil.disclosure, ...fil.details].flatMap((row, i) => {
        const english = [...en.disclosure, ...en.details][i] as Row;
        const found = [...englishLeft(row.text, english.text, NAMES), ...englishLeft(row.value, english.value, NAMES)];
        return found.length > 0 ? [`${row.text} = ${row.value}: ${found.join(', ')}`] : [];
      });
      expect(left).toEqual([]);
    });
  }

  it('the order page\'s "Contract number" is Filipino too', () => {
    expect(englishLeft(replyText('fil', 'order.contractNo'), replyText('en', 'order.contractNo'))).toEqual([]);
  });
});
