import { describe, expect, it } from 'vitest';
import { demoTemplate } from '../../../server/db/seed/promotion';
import { formOfTerms, limitsOfForm, presentationOfForm, termsOfForm } from './product-terms';
import { formOfTemplate, templateOfForm } from './template-texts';

const TERMS = {
  minAmount: 300_000,
  maxAmount: 1_000_000,
  amountStep: 50_000,
  termDays: 91,
  periods: 1,
  dailyInterestBps: 15,
  serviceFeeBps: 300,
  extensionFeeBps: 200,
  extensionAllowed: true,
};

describe('the editors’ forms and the stored documents', () => {
  it('product terms: pesos and percent in the form, centavos and basis points on the wire, defaults spelled out', () => {
    const form = formOfTerms({ name: 'P', logo: '/p.png', enabled: true, terms: TERMS });
    expect(form).toMatchObject({
      minAmount: 3000,
      amountStep: 500,
      dailyInterestPct: 0.15,
      serviceFeePct: 3,
      defaultChargeNew: 1000,
    });
    expect(termsOfForm(form)).toEqual({
      ...TERMS,
      defaultChargeNew: 100_000,
      defaultChargeRepeat: 80_000,
      penaltyTiers: [
        { fromDay: 1, monthlyBps: 500 },
        { fromDay: 31, monthlyBps: 400 },
        { fromDay: 91, monthlyBps: 200 },
      ],
      prepayment: { minDaysAfterDisbursal: 7, minTermShareBps: 5_000 },
    });
    // 0.29 × 100 is 28.999… in floating point: rates are rounded to whole basis points.
    expect(termsOfForm({ ...form, dailyInterestPct: 0.29, minAmount: 1234.56 })).toMatchObject({
      dailyInterestBps: 29,
      minAmount: 123_456,
    });
    expect(termsOfForm({ ...form, maxAmount: null }).maxAmount).toBeNull();
  });

  it('spec 001 §3 loan confirmation: the terms offered are the term and the others typed, shortest first; none typed stays the one term', () => {
    const form = formOfTerms({ name: 'P', logo: '/p.png', enabled: true, terms: { ...TERMS, termOptions: [91, 182] } });
    expect(form.otherTerms).toEqual(['182']);
    expect(termsOfForm(form)).toMatchObject({ termDays: 91, termOptions: [91, 182] });
    expect(termsOfForm({ ...form, otherTerms: ['365', '120', '91'] }).termOptions).toEqual([91, 120, 365]);
    // Nothing else typed: no list at all, so a product saved unchanged stays as it was.
    expect('termOptions' in termsOfForm({ ...form, otherTerms: [] })).toBe(false);
    expect(formOfTerms({ name: 'P', logo: '/p.png', enabled: true, terms: TERMS }).otherTerms).toEqual([]);
    // A tag that is no number goes as null, for the engine to name.
    expect(termsOfForm({ ...form, otherTerms: ['two weeks'] }).termOptions).toEqual([91, null]);
  });

  it('confirm page texts and limits: blanks left out, a leaving popup only with its English title and text, centavos on the wire', () => {
    expect(
      presentationOfForm({
        buttonText: ' Get it ',
        promoText: '',
        retention: { title: 'Leave?', content: '' },
        fil: { buttonText: '', retention: { title: 'Aalis ka?' } },
      }),
    ).toEqual({
      buttonText: 'Get it',
      fil: { retention: { title: 'Aalis ka?' } },
    });
    const form = formOfTerms({
      name: 'P',
      logo: '/p.png',
      enabled: true,
      terms: TERMS,
      firstLoanMax: 2_000_000,
      limitStep: 1_000_000,
      openLoansAllowed: 1,
    });
    expect(limitsOfForm(form)).toMatchObject({ firstLoanMax: '2000000', limitStep: '1000000', openLoansAllowed: '1' });
    expect(limitsOfForm({ ...form, firstLoanMax: null }).firstLoanMax).toBe('');
  });

  it('template texts: four rows each, blank rows dropped in both languages, blank Filipino left to English', () => {
    const form = formOfTemplate({ name: 'T', enabled: true, data: demoTemplate as unknown as Record<string, unknown> });
    expect(form.data.highlights).toHaveLength(4);
    expect(templateOfForm(form.data)).toEqual({
      ...demoTemplate,
      fil: {
        highlights: [{}, {}, {}],
        steps: undefined,
        hero: undefined,
        form: undefined,
        download: undefined,
        footnote: undefined,
      },
    });

    form.data.fil.hero = { title: 'Pera agad' };
    form.data.fil.steps = ['', 'I-download ang app', '', ''];
    form.data.fil.highlights = [{}, { label: 'Araw para magbayad' }, {}, {}];
    const data = templateOfForm(form.data);
    expect(data.fil?.hero).toEqual({ title: 'Pera agad' });
    expect(data.fil?.steps).toEqual([demoTemplate.steps[0], 'I-download ang app']);
    expect(data.fil?.highlights?.[1]).toEqual({ label: 'Araw para magbayad' });
  });
});
