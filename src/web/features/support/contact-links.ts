import { digitsOnly, normalizePhone } from '../../lib/format';

/**
 * The WhatsApp chat address of the smWa contact: wa.me wants the number in international form
 * without "+", so a Philippine 09… number becomes 639…. Null when there is no usable number.
 */
export function whatsAppHref(value: string): string | null {
  const phone = normalizePhone(value);
  const digits = phone ? `63${phone.slice(1)}` : digitsOnly(value);
  return digits.length >= 8 ? `https://wa.me/${digits}` : null;
}

const EMAIL = /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/;

/** A mailto: address (spec 000 §2: tapping the e-mail opens a mail client); null when it is not one. */
export function mailtoHref(value: string): string | null {
  const email = value.trim();
  return EMAIL.test(email) ? `mailto:${email}` : null;
}

/** A WhatsApp number is international: a Philippine mobile shows as +63 917 123 4567. */
export function whatsAppDisplay(value: string): string {
  const phone = normalizePhone(value);
  return phone ? `+63 ${phone.slice(1, 4)} ${phone.slice(4, 7)} ${phone.slice(7)}` : value.trim();
}
