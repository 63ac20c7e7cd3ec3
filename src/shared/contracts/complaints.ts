import { z } from 'zod';
import { defineCall } from '../api/define-call';
import { pageReply, pageRequest } from './desk-page';
import { API_BASE, COMPLAINT_IMAGES_MAX, COMPLAINT_TEXT_MAX } from '../constants';

/** spec 000 §9: problemType value 1 means a collection complaint. */
export const COLLECTION_TYPE = 1;

/** spec 000 §5, §8: the empty-text message, shared by the page and the server check. */
export const EMPTY_TEXT_MESSAGE = 'Please fill in your comments and suggestions';

/**
 * Uploaded images live at /owner/files/<random name> (architecture.md: Providers). A URL from upload-problem-img is
 * accepted with or without the server's origin; only the name matters, and it must be the caller's.
 */
const FILE_NAME = /^[A-Za-z0-9_-]{22}\.(?:jpg|png|webp)$/;
const FILE_URL = /^(?:https?:\/\/[^/\s]+)?\/owner\/files\/([A-Za-z0-9_-]{22}\.(?:jpg|png|webp))$/;

export const isFileName = (name: string) => FILE_NAME.test(name);
export const fileUrl = (name: string) => `${API_BASE}/files/${name}`;
export function fileNameFromUrl(url: string): string | null {
  return FILE_URL.exec(url.trim())?.[1] ?? null;
}
/** The square WebP thumbnail of an uploaded picture; any other address as it is. */
export function thumbUrl(url: string): string {
  return fileNameFromUrl(url) === null ? url : `${url.trim()}?size=thumb`;
}

/**
 * A complaint's ticket number, the one the borrower quotes to customer service and support finds
 * it by: `TKT` and the complaint's number in eight digits, like a contract number (`HRM00000086`).
 */
export const complaintTicketNo = (problemId: number) => `TKT${String(problemId).padStart(8, '0')}`;

/** spec 000 §5: input beyond 200 characters is ignored (the page keeps the first 200). */
export function clampComplaintText(text: string): string {
  if (text.length <= COMPLAINT_TEXT_MAX) return text;
  // Counted like the server counts (UTF-16 units), without cutting an emoji in half.
  const last = text.charCodeAt(COMPLAINT_TEXT_MAX - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? COMPLAINT_TEXT_MAX - 1 : COMPLAINT_TEXT_MAX);
}

/**
 * The complaint text rule as a plain function, for the page: the browser build carries no zod
 * (scripts/vite-shared-for-web.ts). It says what `problemDetailSchema` says (form-rules.test.ts).
 */
export function complaintTextProblem(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed.length === 0) return EMPTY_TEXT_MESSAGE;
  if (trimmed.length > COMPLAINT_TEXT_MAX) return `Use at most ${COMPLAINT_TEXT_MAX} characters`;
  return null;
}

/** The complaint text rule of the server (the page checks the same with complaintTextProblem). */
export const problemDetailSchema = z
  .string()
  .trim()
  .min(1, EMPTY_TEXT_MESSAGE)
  .max(COMPLAINT_TEXT_MAX, `Use at most ${COMPLAINT_TEXT_MAX} characters`);

/** Empty form values ('' or '0' from older apps) mean "not given". */
const blankToUndefined = (value: unknown) => (value === '' || value === '0' || value === null ? undefined : value);

/** spec 000 §3: comma-joined image URLs, at most 9, each an upload address. */
const imageList = (max: number) =>
  z
    .string()
    .max(4000)
    .optional()
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(z.string().regex(FILE_URL, 'Each image must be an address returned by the image upload'))
        .max(max, `At most ${max} images`)
        .refine((list) => new Set(list.map(fileNameFromUrl)).size === list.length, 'The same image is attached twice'),
    );

/** The most answers a borrower sends to replies on one complaint (beyond it, the SEC's channel is shown). */
export const COMPLAINT_FOLLOW_UPS_MAX = 5;

const followUp = z.object({
  author: z.enum(['staff', 'borrower']),
  body: z.string(),
  images: z.array(z.string()),
  time: z.string(),
});

const option = z.object({ value: z.number().int(), label: z.string() });
const problemId = z.coerce.number().int('Choose a complaint').positive('Choose a complaint');

/** spec 000 §3 Order summary: isShow 1 means collection-type complaints are allowed. */
export const complaintOrder = z.object({
  orderId: z.number().int(),
  orderNo: z.string(),
  productLogo: z.string(),
  productName: z.string(),
  status: z.number().int(),
  list: z.array(z.object({ title: z.string(), value: z.string() })),
  isShow: z.union([z.literal(0), z.literal(1)]),
});

/** spec 000 §7 problem-init: the types, the sub-types (of type 1), the chosen order and all orders. */
export const problemInit = defineCall({
  name: 'complaints.init',
  method: 'POST',
  path: '/user-problem/problem-init',
  auth: true,
  success: '00',
  summary: 'Complaint types and sub-types, the chosen order (newest when none) and the list of orders',
  request: z.object({ orderId: z.preprocess(blankToUndefined, z.coerce.number().int().positive().optional()) }),
  reply: z.object({
    problemType: z.array(option),
    problemSonType: z.array(option),
    orderDetail: complaintOrder.nullable(),
    orderList: z.array(complaintOrder),
  }),
});

/** spec 000 §7 upload-problem-img: multipart field problemImage → data.url. */
export const uploadProblemImage = defineCall({
  name: 'complaints.uploadImage',
  method: 'POST',
  path: '/user-problem/upload-problem-img',
  auth: true,
  success: '00',
  multipart: true,
  summary: 'Upload one evidence image (JPEG, PNG or WebP, at most 10 MB) in the multipart field problemImage',
  request: z.object({ problemImage: z.instanceof(Blob).optional() }),
  reply: z.object({ url: z.string() }),
});

/** spec 000 §3 Complaint, §5 rules, §7 problem-save. */
export const problemSave = defineCall({
  name: 'complaints.save',
  method: 'POST',
  path: '/user-problem/problem-save',
  auth: true,
  success: '00',
  summary:
    'File a complaint: type, sub-type (type 1 only), text of at most 200 characters, up to 9 own images, own order',
  request: z.object({
    problemType: z.coerce.number().int('Choose a question type').positive('Choose a question type'),
    problemSonType: z.preprocess(blankToUndefined, z.coerce.number().int().positive().optional()),
    problemDetail: problemDetailSchema,
    problemImage: imageList(COMPLAINT_IMAGES_MAX),
    orderNo: z.preprocess(blankToUndefined, z.string().trim().max(40).optional()),
  }),
  reply: z.object({
    problemId: z.number().int(),
    /** Ours: the ticket number to quote, and the day the lender promises a reply by (complaint-reply.ts). */
    ticketNo: z.string(),
    replyBy: z.string(),
  }),
});

const listRow = z.object({ id: z.number().int(), time: z.string(), type: z.string(), content: z.string() });

/** spec 000 §7 problem-list: res.tabs, each tab with its list (spec 000 §3 list row). */
export const problemList = defineCall({
  name: 'complaints.list',
  method: 'POST',
  path: '/user-problem/problem-list',
  auth: true,
  success: '00',
  summary: "The borrower's complaints in tabs (Processing, Replied), newest first",
  request: z.object({}),
  reply: z.object({ tabs: z.array(z.object({ title: z.string(), status: z.number().int(), list: z.array(listRow) })) }),
});

/** spec 000 §3 Complaint detail. */
export const problemDetail = defineCall({
  name: 'complaints.detail',
  method: 'POST',
  path: '/user-problem/problem-detail',
  auth: true,
  success: '00',
  summary: 'One of my complaints, with the reply (disposeDetail, disposeImages) and whether a rating is asked',
  request: z.object({ problemId }),
  reply: z.object({
    problemId: z.number().int(),
    /** Ours: the ticket number the borrower quotes (complaintTicketNo). */
    ticketNo: z.string(),
    type: z.string(),
    sonType: z.string(),
    content: z.string(),
    images: z.array(z.string()),
    orderNo: z.string(),
    time: z.string(),
    disposeDetail: z.string(),
    disposeImages: z.array(z.string()),
    repliedAt: z.string().nullable(),
    /** Ours: 0 processing, 1 replied (the list's tabs), and the day a reply is promised by. */
    status: z.number().int(),
    replyBy: z.string(),
    isNeedScore: z.number().int(),
    score: z.number().int().nullable(),
    /** Ours: the conversation after the first reply (a reply answered, the borrower's answer), oldest first. */
    followUps: z.array(followUp),
    /** Ours: 1 while the borrower may answer the reply (it is replied and fewer than the maximum answers are sent). */
    canAnswer: z.number().int(),
  }),
});

/**
 * Ours: the borrower answers a staff reply, which reopens the complaint (status back to 0, a new
 * reply-by day counted from now). Only a replied complaint can be answered, at most
 * COMPLAINT_FOLLOW_UPS_MAX times.
 */
export const problemFollowUp = defineCall({
  name: 'complaints.followUp',
  method: 'POST',
  path: '/user-problem/problem-follow-up',
  auth: true,
  success: '00',
  summary: 'Answer the reply to one of my complaints, which reopens it',
  request: z.object({ problemId, problemDetail: problemDetailSchema }),
  reply: z.object({ problemId: z.number().int(), status: z.number().int(), replyBy: z.string() }),
});

/** spec 000 §3 Score, §7 save-score: 1 to 5, once, only when asked. */
export const saveScore = defineCall({
  name: 'complaints.saveScore',
  method: 'POST',
  path: '/user-problem/save-score',
  auth: true,
  success: '00',
  summary: 'Rate the handling of a replied complaint, 1 to 5 stars, once, when asked',
  request: z.object({
    score: z.coerce.number().int('Choose 1 to 5 stars').min(1, 'Choose 1 to 5 stars').max(5, 'Choose 1 to 5 stars'),
    problemId,
  }),
  reply: z.object({ problemId: z.number().int(), score: z.number().int() }),
});

// ---- Operator calls (support role; architecture.md: Back office) until the back office screens exist. ----

const operatorRow = z.object({
  problemId: z.number().int(),
  ticketNo: z.string(),
  borrowerPhone: z.string(),
  type: z.string(),
  sonType: z.string(),
  content: z.string(),
  images: z.array(z.string()),
  orderNo: z.string(),
  time: z.string(),
  disposeDetail: z.string(),
  disposeImages: z.array(z.string()),
  repliedAt: z.string().nullable(),
  isNeedScore: z.number().int(),
  score: z.number().int().nullable(),
  followUps: z.array(followUp),
});

export const operatorList = defineCall({
  name: 'complaintsOperator.list',
  method: 'GET',
  path: '/admin/complaints/list',
  auth: false,
  staffRole: 'support',
  success: 0,
  summary:
    'Complaints waiting for a reply (processing), replied and not rated, or rated; a page at a time (newest first unless sorted), filtered by contract number, phone and type over the whole set, with the total',
  request: z.object({
    /** Sorted by when it was filed (`time`). */
    ...pageRequest(['time'], 'time', 'desc'),
    status: z.enum(['processing', 'replied', 'rated']).default('processing'),
    /** The contract the complaint names, in any form (`84`, `HRM00000084`). */
    orderNo: z.string().trim().max(40).optional(),
    /** The borrower's mobile number, in any form. */
    phone: z.string().trim().max(20).optional(),
    type: z.coerce.number().int().positive().max(1000).optional(),
  }),
  reply: z.object({ ...pageReply, list: z.array(operatorRow) }),
});

export const operatorUploadImage = defineCall({
  name: 'complaintsOperator.uploadImage',
  method: 'POST',
  path: '/admin/complaints/upload-img',
  auth: false,
  staffRole: 'support',
  success: 0,
  multipart: true,
  summary: 'Upload one reply image (multipart field problemImage); attach it with reply',
  request: z.object({ problemImage: z.instanceof(Blob).optional() }),
  reply: z.object({ url: z.string() }),
});

export const operatorReply = defineCall({
  name: 'complaintsOperator.reply',
  method: 'POST',
  path: '/admin/complaints/reply',
  auth: false,
  staffRole: 'support',
  success: 0,
  summary: 'Reply to a complaint with text and up to 9 staff-uploaded images; askScore=1 asks the borrower to rate',
  request: z.object({
    problemId,
    disposeDetail: z.string().trim().min(1, 'Write the reply').max(2000, 'Use at most 2000 characters'),
    disposeImages: imageList(COMPLAINT_IMAGES_MAX),
    askScore: z.enum(['0', '1']).default('0').transform(Number),
  }),
  reply: operatorRow,
});

export const operatorAskScore = defineCall({
  name: 'complaintsOperator.askScore',
  method: 'POST',
  path: '/admin/complaints/ask-score',
  auth: false,
  staffRole: 'support',
  success: 0,
  summary: 'Ask the borrower to rate a replied complaint',
  request: z.object({ problemId }),
  reply: operatorRow,
});

export type ComplaintOrder = z.infer<typeof complaintOrder>;
export type ProblemOption = z.infer<typeof option>;
