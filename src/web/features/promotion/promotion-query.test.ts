import { describe, expect, it } from 'vitest';
import { clientTypeOf } from './client-type';
import { downloadVariant, readPromotionQuery, routeHash, routeOf } from './promotion-query';

describe('spec 001 §2.2 query and hash routes', () => {
  it('reads id, app_from, user_from, utm_tag, links_id, down_id, invite_code and UC', () => {
    const q = readPromotionQuery('?id=3&app_from=hiram&user_from=fb&utm_tag=launch&links_id=9&invite_code=JUAN&UC=x');
    expect(q).toEqual({
      id: 3,
      appFrom: 'hiram',
      userFrom: 'fb',
      utmTag: 'launch',
      linksId: '9',
      downId: undefined,
      inviteCode: 'JUAN',
      uc: 'x',
    });
  });

  it('reads a query inside the hash too (the original hash-routed links); the address bar wins', () => {
    expect(readPromotionQuery('', '#/downloadTemplate?id=4&utm_tag=a').id).toBe(4);
    expect(readPromotionQuery('?utm_tag=b', '#/x?utm_tag=a').utmTag).toBe('b');
  });

  it('an id that is not a positive number is no id', () => {
    for (const id of ['', 'abc', '0', '-1', '1.5', '12345678901'])
      expect(readPromotionQuery(`?id=${id}`).id).toBeUndefined();
  });

  it('the hash routes carry the same query', () => {
    expect(routeHash('download', '?id=1&utm_tag=launch')).toBe('#/downloadTemplate?id=1&utm_tag=launch');
    expect(routeHash('agreement', '?id=1')).toBe('#/agreementTemplate?id=1');
    expect(routeHash('download', '', '#/agreementTemplate?id=2')).toBe('#/downloadTemplate?id=2');
    expect(routeOf('#/downloadTemplate?id=1')).toBe('download');
    expect(routeOf('#/agreementTemplate')).toBe('agreement');
    expect(routeOf('')).toBe('landing');
    expect(routeOf('#/other')).toBe('landing');
  });

  it('spec 001 §2.2: the variant is chosen by which of links_id and down_id is missing', () => {
    expect(downloadVariant({ linksId: '1', downId: undefined })).toBe('link');
    expect(downloadVariant({ linksId: undefined, downId: '2' })).toBe('down');
    expect(downloadVariant({ linksId: undefined, downId: undefined })).toBe('link');
    expect(downloadVariant({ linksId: '1', downId: '2' })).toBe('link');
  });
});

describe('spec 001 §7 client_type from the user agent', () => {
  it('iPhones and iPads are ios; everything else android', () => {
    expect(clientTypeOf('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)')).toBe('ios');
    expect(clientTypeOf('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', 5)).toBe('ios');
    expect(clientTypeOf('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', 0)).toBe('android');
    expect(clientTypeOf('Mozilla/5.0 (Linux; Android 13; SM-A145F)')).toBe('android');
  });
});
