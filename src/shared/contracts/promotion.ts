import { z } from 'zod';
import { defineCall } from '../api/define-call';
import { SMS_CODE_LENGTH } from '../constants';
import { phoneSchema } from '../format/phone';
import { capcodeSchema, sidSchema } from './captcha';

/** The picture captcha's calls live in their own small module (the web login uses them too). */
export { CAPTCHA_IMAGE_PATH, capcodeSchema, captchaImageQuery, getSid, sidSchema } from './captcha';

/**
 * spec 001 §2.2, §7 promotion calls: the landing page's template, the funnel tracking, the picture
 * captcha, the SMS code and the registration. Paths are the original backend's (architecture.md: The wire contract).
 */
const BASE = '/api/v2/youmi';

/** An empty query value means "not given" (the original page sends every parameter, empty or not). */
const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/** A campaign attribute (app_from, user_from, utm_tag, invite_code): free text, trimmed, at most 100 characters. */
const attribute = z.preprocess(
  blankToUndefined,
  z.string().trim().max(100, 'must be at most 100 characters').optional(),
);

/** A template id from the query (id, page_id, templateId). */
const templateIdSchema = z.coerce
  .number({ message: 'must be a template number' })
  .int('must be a template number')
  .positive('must be a template number')
  .max(2_147_483_647, 'must be a template number');
const optionalTemplateId = z.preprocess(blankToUndefined, templateIdSchema.optional());

/** spec 001 §7 track calls: the client type, ios or android. */
export const clientTypeSchema = z.enum(['ios', 'android']);
export type ClientType = z.infer<typeof clientTypeSchema>;

const smsCodeSchema = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`), 'Enter the SMS code correctly');

// --- template data (spec 001 §3 "landing configuration: id plus other template data; shape not shown") ---

const colour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #FE7133');
/** Images are served by us (the page's CSP allows only its own origin): a path under /img/. */
const imagePath = z
  .string()
  .regex(/^\/img\/[\w-]+(\/[\w-]+)*\.(svg|webp|png|jpe?g)$/, 'must be an image path under /img/');
/** architecture.md: Providers: server-given addresses go only to allowlisted https addresses; for the stores, the two stores. */
export const STORE_URL_PATTERN = /^https:\/\/(apps\.apple\.com|play\.google\.com)\/[\w\-./?=&%]*$/;
const storeUrl = z.string().regex(STORE_URL_PATTERN, 'must be an App Store or Google Play address');
const text = (max: number) => z.string().trim().min(1).max(max);

export const templateDataSchema = z.object({
  /** The app the visitor downloads after registering. */
  appName: text(40),
  colours: z.object({
    /** Page background behind the hero. */
    background: colour,
    /** Text on that background (contrast checked against it by the template's test). */
    onBackground: colour,
    /** The Apply and get-code buttons. */
    accent: colour,
    onAccent: colour,
    /** The form card and its text. */
    card: colour,
    onCard: colour,
  }),
  hero: z.object({ image: imagePath, imageAlt: text(120), title: text(80), subtitle: text(160) }),
  highlights: z.array(z.object({ value: text(24), label: text(40) })).max(4),
  form: z.object({ title: text(60), applyText: text(30) }),
  steps: z.array(text(80)).max(4),
  download: z.object({
    title: text(60),
    text: text(200),
    image: imagePath,
    imageAlt: text(120),
    appStoreUrl: storeUrl.nullable(),
    playStoreUrl: storeUrl.nullable(),
  }),
  footnote: text(300),
});
export type TemplateData = z.infer<typeof templateDataSchema>;

export const templateSchema = templateDataSchema.extend({ id: z.number().int() });
export type PromotionTemplate = z.infer<typeof templateSchema>;

// --- calls ---

export const channelTemplate = defineCall({
  name: 'promotion.channelTemplate',
  method: 'GET',
  path: `${BASE}/service/channel/channel-template`,
  auth: false,
  success: '00',
  summary: 'The landing template: id, texts, colours, images and store links',
  request: z.object({ templateId: templateIdSchema }),
  reply: templateSchema,
});

const trackQuery = {
  page_id: optionalTemplateId,
  user_from: attribute,
  client_type: z.preprocess(blankToUndefined, clientTypeSchema.optional()),
  page_type: z.preprocess(blankToUndefined, z.coerce.number().int().min(0).max(99).optional()),
  utm_tag: attribute,
  app_from: attribute,
};

export const trackVisit = defineCall({
  name: 'promotion.trackVisit',
  method: 'GET',
  path: `${BASE}/promotion/track-visit`,
  auth: false,
  success: 0,
  summary: 'Counts a visit of the landing page (funnel report)',
  request: z.object(trackQuery),
  reply: z.object({}),
});

export const trackClick = defineCall({
  name: 'promotion.trackClick',
  method: 'GET',
  path: `${BASE}/promotion/track-click`,
  auth: false,
  success: 0,
  summary: 'Counts a tap on Apply (funnel report); the phone is not stored',
  // The page sends what the visitor typed; it is not kept, so any short value is accepted.
  request: z.object({ ...trackQuery, phone: z.string().max(20).optional() }),
  reply: z.object({}),
});

/** The common session parameters the native app may add (spec 001 §7 get-sms and register payloads). */
const deviceFields = {
  deviceId: z.string().max(200).optional(),
  appName: z.string().max(100).optional(),
};

export const getSms = defineCall({
  name: 'promotion.getSms',
  method: 'POST',
  path: `${BASE}/promotion/get-sms`,
  auth: false,
  success: 0,
  summary:
    'Checks the picture captcha and sends the registration SMS code (101 wrong captcha); registered or not, the answer is the same',
  request: z.object({
    phone: phoneSchema,
    capcode: capcodeSchema,
    sid: sidSchema,
    ...deviceFields,
    app_from: attribute,
    user_from: attribute,
    utm_tag: attribute,
  }),
  reply: z.object({ resendAfterSeconds: z.number().int() }),
});

export const register = defineCall({
  name: 'promotion.register',
  method: 'POST',
  path: `${BASE}/promotion/register`,
  auth: false,
  success: 0,
  summary:
    'Registers the phone as a borrower (11 already registered, told only once the SMS code is right; -1 wrong picture captcha)',
  request: z.object({
    phone: phoneSchema,
    capcode: capcodeSchema,
    sid: sidSchema,
    smsCode: smsCodeSchema,
    ...deviceFields,
    merchantNumber: z.string().max(20).optional(),
    /** The original page sends the phone again as userName; when given it must be the same number. */
    userName: z.string().max(20).optional(),
    invite_code: attribute,
    user_from: attribute,
    id: optionalTemplateId,
    app_from: attribute,
    utm_tag: attribute,
  }),
  reply: z.object({}),
});

/** Development only (like /dev/sms-outbox): the text of a captcha, so scripts can pass it. */
export const devCaptchaText = defineCall({
  name: 'dev.captchaText',
  method: 'GET',
  path: '/dev/promotion/captcha-text',
  auth: false,
  success: 0,
  summary: 'The answer of a picture captcha (development only)',
  request: z.object({ sid: sidSchema }),
  reply: z.object({ text: z.string() }),
});
