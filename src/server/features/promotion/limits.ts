import type { RateRule } from '../../abuse/rate-limiter';
import { addressKey } from '../../abuse/rate-limiter';

const HOUR = 3600;
const DAY = 86_400;

/**
 * Per-address limits of the promotion calls (architecture.md: Providers); the SMS code itself is capped by the
 * OTP service. Generous enough for a family behind one carrier-grade NAT, tight enough that a
 * script gets nowhere.
 */
export const PROMOTION_CAPS = {
  captchasPerHour: 30,
  captchasPerDay: 100,
  drawsPerHour: 60,
  drawsPerDay: 200,
  registrationsPerHour: 10,
  registrationsPerDay: 30,
  trackingPerHour: 120,
  trackingPerDay: 500,
} as const;

function perAddress(name: string, ip: string, perHour: number, perDay: number, message: string): RateRule[] {
  const key = `promotion:${name}:${addressKey(ip)}`;
  return [
    { key, limit: perHour, windowSeconds: HOUR, message },
    { key, limit: perDay, windowSeconds: DAY, message },
  ];
}

const caps = PROMOTION_CAPS;

export const captchaRules = (ip: string) =>
  perAddress(
    'sid',
    ip,
    caps.captchasPerHour,
    caps.captchasPerDay,
    'Too many picture captchas were requested from your network. Please try again in {wait}.',
  );

export const drawRules = (ip: string) =>
  perAddress(
    'draw',
    ip,
    caps.drawsPerHour,
    caps.drawsPerDay,
    'Too many picture captchas were requested from your network. Please try again in {wait}.',
  );

export const registerRules = (ip: string) =>
  perAddress(
    'register',
    ip,
    caps.registrationsPerHour,
    caps.registrationsPerDay,
    'Too many registration attempts from your network. Please try again in {wait}.',
  );

export const trackingRules = (ip: string) =>
  perAddress(
    'track',
    ip,
    caps.trackingPerHour,
    caps.trackingPerDay,
    'Too many requests from your network. Please try again in {wait}.',
  );
