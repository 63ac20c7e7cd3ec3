import { describe, expect, it } from 'vitest';
import {
  ageOn,
  bindPayload,
  checkBindValues,
  isItemShown,
  isMaskedNumber,
} from '../../../shared/contracts/bank-binding';
import { bindFormItems } from './form-items';

const items = bindFormItems();
const shown = (cardType: number, channel: number) =>
  items
    .filter((i) => isItemShown(i, cardType, channel))
    .map((i) => `${i.code}${i.channelNumber ? `@${i.channelNumber}` : ''}`);

describe('spec 000 §5 visibility of bind items (shared by the page and the server)', () => {
  it('card type 1: channel items show only for the chosen channel; bank items hide', () => {
    expect(shown(1, 90006)).toEqual(['channel', 'walletNo@90006', 'accountName', 'birthDate']);
    expect(shown(1, 90007)).toEqual(['channel', 'walletNo@90007', 'accountName', 'birthDate']);
  });

  it('card type 2: the bank items; the cardType item is the tab strip, never an item', () => {
    expect(shown(2, 90006)).toEqual(['bankCode', 'bankAccountNo', 'bankCity', 'accountName', 'birthDate']);
  });
});

describe('spec 000 §3 bind payload', () => {
  it('code=value for each shown item, cardType from the tab, the product id; hidden items left out', () => {
    const values = {
      channel: '90007',
      walletNo: '09181112222',
      accountName: ' Ana ',
      birthDate: '1990-01-01',
      bankCode: 'BPI',
    };
    expect(bindPayload(items, values, 1, 3)).toEqual({
      product_id: '3',
      cardType: '1',
      channel: '90007',
      walletNo: '09181112222',
      accountName: 'Ana',
      birthDate: '1990-01-01',
    });
  });

  it('spec 000 §9: without a chosen channel the default 90006 applies', () => {
    expect(bindPayload(items, { walletNo: '09171234567' }, 1, 1)).toMatchObject({ walletNo: '09171234567' });
    expect(shown(1, 90006)).toContain('walletNo@90006');
  });
});

describe('spec 000 §5 bind rules', () => {
  const today = '2025-06-15';
  const ok = { channel: '90006', walletNo: '09171234567', accountName: 'Ana', birthDate: '2007-06-15' };
  it('accepts a complete e-wallet form (an 18th birthday today is adult)', () => {
    expect(checkBindValues(items, ok, 1, today)).toBeNull();
  });
  it('the first problem in form order', () => {
    expect(checkBindValues(items, { ...ok, walletNo: '', accountName: '' }, 1, today)).toMatchObject({
      code: 'walletNo',
      rule: 'required',
    });
    expect(checkBindValues(items, { ...ok, birthDate: '2007-06-16' }, 1, today)).toMatchObject({ rule: 'minor' });
  });
  it('a masked bound number passes the digit rules (the server swaps it)', () => {
    expect(isMaskedNumber('•••• 4567')).toBe(true);
    expect(isMaskedNumber('•••• 45a7')).toBe(false);
    expect(checkBindValues(items, { ...ok, walletNo: '•••• 4567' }, 1, today)).toBeNull();
  });
  it('bank lengths come from the chosen bank', () => {
    const bankValues = {
      bankCode: 'MBTC',
      bankAccountNo: '1234567890',
      bankCity: 'Pasig City',
      accountName: 'Ana',
      birthDate: '1990-01-01',
    };
    expect(checkBindValues(items, bankValues, 2, today)).toMatchObject({ rule: 'bankLength', lengths: [13] });
    expect(checkBindValues(items, { ...bankValues, bankAccountNo: '1234567890123' }, 2, today)).toBeNull();
  });
  it('ages count whole years', () => {
    expect(ageOn('2000-02-29', '2018-02-28')).toBe(17);
    expect(ageOn('2000-02-29', '2018-03-01')).toBe(18);
  });
});
