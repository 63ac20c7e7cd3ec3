import { describe, expect, it } from 'vitest';
import { mailtoHref, whatsAppDisplay, whatsAppHref } from './contact-links';

describe('customer-service links (spec 000 §2 Customer service)', () => {
  it('spec 000 §2: the messaging contact opens WhatsApp with the number in international form', () => {
    expect(whatsAppHref('09171234567')).toBe('https://wa.me/639171234567');
    expect(whatsAppHref('+63 917 123 4567')).toBe('https://wa.me/639171234567');
    expect(whatsAppHref('+1 (415) 555-0100')).toBe('https://wa.me/14155550100');
    expect(whatsAppHref('')).toBeNull();
  });

  it('spec 000 §2: the WhatsApp number shows in international form', () => {
    expect(whatsAppDisplay('09170001234')).toBe('+63 917 000 1234');
    expect(whatsAppDisplay('+63 917 000 1234')).toBe('+63 917 000 1234');
    expect(whatsAppDisplay(' +1 415 555 0100 ')).toBe('+1 415 555 0100');
  });

  it('spec 000 §2: the e-mail becomes a mailto: link that opens a mail client', () => {
    expect(mailtoHref(' help@hiram.ph ')).toBe('mailto:help@hiram.ph');
    expect(mailtoHref('not an address')).toBeNull();
    expect(mailtoHref('')).toBeNull();
  });
});
