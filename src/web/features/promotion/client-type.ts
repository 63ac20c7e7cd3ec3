import type { ClientType } from '../../../shared/contracts/promotion';

/**
 * spec 001 §7 track calls: client_type is ios or android. iPhones, iPods and iPads (which
 * announce themselves as a Mac with touch) are ios; every other visitor counts as android,
 * the only other value the calls know.
 */
export function clientTypeOf(userAgent: string, maxTouchPoints = 0): ClientType {
  if (/iPhone|iPad|iPod/i.test(userAgent)) return 'ios';
  if (/Macintosh/i.test(userAgent) && maxTouchPoints > 1) return 'ios';
  return 'android';
}

export function currentClientType(): ClientType {
  if (typeof navigator === 'undefined') return 'android';
  return clientTypeOf(navigator.userAgent, navigator.maxTouchPoints);
}
