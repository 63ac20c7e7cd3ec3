import { describe, expect, it } from 'vitest';
import { formatHumanDate } from '../../../shared/format/date';
import { REGIMES } from '../../domain/loan';
import { englishLeft } from '../../i18n/english-left';
import { authHeader, buildTestApp } from '../../test/test-app';

const t = await buildTestApp();
const a = authHeader(await t.loginApplied('09175550171'));
const { config } = t;

type Row = { text: string; value: string };
type Doc = {
  title: string;
  note?: string;
  parties: string[];
  rows: Row[];
  sections: { heading: string; paragraphs: string[] }[];
};

const get = async (url: string, language: string) =>
  (await t.app.inject({ url: `/owner${url}`, headers: { ...a, 'accept-language': language } })).json().data;

const doc = (productId: number, position: number, language: string): Promise<Doc> =>
  get(`/v3/contract/document?productId=${productId}&position=${position}`, language);

/** Every text of a document, in order: the same count and order in both languages. */
const texts = (d: Doc) => [
  d.title,
  ...d.parties,
  ...d.rows.flatMap((r) => [r.text, r.value]),
  ...d.sections.flatMap((s) => [s.heading, ...s.paragraphs]),
];

/**
 * The figures a text quotes (money, rates, day counts, dates): a translation quotes the same ones.
 * The English writes a due date as the engine does (2027-02-27), the Filipino writes it out.
 */
const figures = (text: string, language: 'en' | 'fil') =>
  (language === 'en' ? text.replace(/\d{4}-\d{2}-\d{2}/g, (iso) => formatHumanDate(iso, 'fil')) : text)
    .match(/₱[\d,]+\.\d{2}|\d+(?:\.\d+)?%|\b\d+\b/g)
    ?.sort() ?? [];

// Names the documents keep in every language (the lender's registration and address, the
// regulations and statutes, the products), the loanwords the borrower pages use (loan, app, payout
// account, order, credit bureau), and Filipino's own "at" (and), which the detector counts as English.
const NAMES = [
  config.LENDER_NAME,
  config.LENDER_ADDRESS,
  config.LENDER_EMAIL,
  config.GRIEVANCE_OFFICER,
  config.LENDER_CA_NO,
  'SEC Registration No.',
  ...REGIMES.map((regime) => regime.source),
  'Truth in Lending Act',
  'R.A. 3765',
  'Data Privacy Act of 2012',
  'Credit Information Corporation',
  'Hiram Cash Plus Flex',
  'loan app payout account order credit bureau',
  'at',
];

describe('Filipino throughout: the legal documents (spec 001 §7) in the reader’s language', () => {
  it('the agreement titles are Filipino on a Filipino page, English on an English one', async () => {
    const fil = await get('/v3/contract/list?productId=1&scene=3', 'fil');
    expect(fil.list).toEqual([
      { title: 'Kasunduan sa loan', position: 1 },
      { title: 'Pahayag ng pagsisiwalat', position: 2 },
      { title: 'Paunawa sa privacy', position: 3 },
    ]);
    expect(
      (await get('/v3/contract/list?productId=1&scene=3', 'en')).list.map((x: Row & { title: string }) => x.title),
    ).toEqual(['Loan agreement', 'Disclosure statement', 'Privacy notice']);
    expect((await get('/v3/loan-confirm/detail?productId=1', 'fil')).agreements).toEqual(fil.list);
  });

  for (const productId of [1, 2, 3]) {
    for (const position of [1, 2, 3]) {
      it(`product ${productId}, document ${position}: Filipino throughout, the same figures, and the English governs`, async () => {
        const [en, fil] = [await doc(productId, position, 'en'), await doc(productId, position, 'fil')];
        expect(en.note).toBeUndefined();
        expect(fil.note).toMatch(/Kapag may pagkakaiba .* ang bersyong Ingles ang masusunod\.$/);
        const [english, filipino] = [texts(en), texts(fil)];
        expect(filipino).toHaveLength(english.length);
        const left = filipino.flatMap((text, i) => {
          const found = englishLeft(text, english[i] ?? '', NAMES);
          return found.length > 0 ? [`${text}: ${found.join(', ')}`] : [];
        });
        expect(left, JSON.stringify(left)).toEqual([]);
        // The engine's figures, never the translator's: each text quotes the same amounts and rates.
        filipino.forEach((text, i) => {
          expect(figures(text, 'fil'), text).toEqual(figures(english[i] ?? '', 'en'));
        });
      });
    }
  }

  it('the Filipino disclosure statement carries the confirm page’s Filipino disclosure rows; the agreement its total', async () => {
    const confirm = await get('/v3/loan-confirm/detail?productId=1&amount=300000', 'fil');
    const disclosure = await get('/v3/contract/document?productId=1&position=2&amount=300000', 'fil');
    expect(disclosure.rows).toEqual(expect.arrayContaining(confirm.disclosure));
    const agreement = await get('/v3/contract/document?productId=1&position=1&amount=300000', 'fil');
    const total = confirm.details.find((r: Row) => r.text === 'Kabuuang babayaran').value;
    expect(agreement.rows).toContainEqual({ text: 'Kabuuang babayaran', value: total });
  });

  it('the loan agreement states the prepayment the disclosure does (no lock-in: any day, from the day of receipt)', async () => {
    const agreement = await get('/v3/contract/document?productId=1&position=1&amount=300000', 'en');
    const disclosure = await get('/v3/contract/document?productId=1&position=2&amount=300000', 'en');
    expect(disclosure.rows.find((r: Row) => r.text === 'Prepayment').value).toMatch(
      /^Any day, from the day you receive/,
    );
    expect(JSON.stringify(agreement.sections)).toContain('early on any day from the day the money is received');
    expect(JSON.stringify(agreement.sections)).not.toContain('half of the term');
  });
});
