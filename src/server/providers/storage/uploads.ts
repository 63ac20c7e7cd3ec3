import { and, count, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { Code } from '../../../shared/codes';
import { fileNameFromUrl, fileUrl } from '../../../shared/contracts/complaints';
import type { Db } from '../../db/client';
import { complaints, uploads } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { ImageStorage } from './image-storage';
import { ImageRejected, MAX_IMAGE_BYTES, makeThumbnail, prepareImage, thumbName } from './image-processing';

export const IMAGE_FIELD = 'problemImage';
/** Uploads one borrower may make in 24 hours: far above any real complaint, low enough to stop a flood. */
export const DAILY_UPLOAD_LIMIT = 100;

/** Staff pictures for a reply: `complaintId` is the complaint being answered (a picture serves one reply). */
export type Uploader = { kind: 'borrower'; borrowerId: number } | { kind: 'staff'; complaintId?: number };

const unsupported = () =>
  new AppError(Code.UNSUPPORTED_IMAGE, 'Please upload a JPEG, PNG or WebP picture', { field: IMAGE_FIELD });
const tooLarge = () =>
  new AppError(
    Code.IMAGE_TOO_LARGE,
    `The picture is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB. Please choose a smaller one`,
    {
      field: IMAGE_FIELD,
    },
  );

/** The one file of a multipart request, from the field problemImage (spec 000 §7) or the one given. */
async function readImagePart(req: FastifyRequest, field: string): Promise<Buffer> {
  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    part = await req.file();
  } catch {
    throw new AppError(Code.BAD_REQUEST, `Send the picture as multipart/form-data in the field ${field}`, { field });
  }
  if (!part || part.fieldname !== field) {
    part?.file.resume();
    throw new AppError(Code.BAD_REQUEST, 'Choose a picture to upload', { field });
  }
  try {
    const data = await part.toBuffer();
    if (part.file.truncated) throw tooLarge();
    return data;
  } catch (err) {
    if (err instanceof AppError) throw err;
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw err;
  }
}

/** Advisory-lock namespace of the per-borrower upload count (no other feature uses it). */
const UPLOAD_LOCK_NAMESPACE = 8_011;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Holds a transaction lock on one borrower's count in a namespace until the transaction ends. */
export async function lockBorrower(tx: Tx, namespace: number, borrowerId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${namespace}::int4, ${borrowerId}::int4)`);
}

const tooMany = () => new AppError(Code.RATE_LIMITED, 'Too many pictures uploaded today. Please try again tomorrow');

async function uploadsToday(db: Db | Tx, borrowerId: number): Promise<number> {
  const [recent] = await db
    .select({ n: count() })
    .from(uploads)
    .where(and(eq(uploads.borrowerId, borrowerId), gt(uploads.createdAt, sql`now() - interval '1 day'`)));
  return recent?.n ?? 0;
}

/** Evidence for complaints (support sees it), or the application's identity pictures (credit sees them). */
export type UploadPurpose = 'evidence' | 'identity';

/** Receives, checks, re-encodes and stores one image; returns its address (data.url). */
export async function receiveUpload(
  db: Db,
  storage: ImageStorage,
  req: FastifyRequest,
  uploader: Uploader,
  { field = IMAGE_FIELD, purpose = 'evidence' }: { field?: string; purpose?: UploadPurpose } = {},
) {
  // A cheap early refusal before reading and re-encoding the picture; the count that holds is below.
  if (uploader.kind === 'borrower' && (await uploadsToday(db, uploader.borrowerId)) >= DAILY_UPLOAD_LIMIT)
    throw tooMany();
  const input = await readImagePart(req, field);
  let image: Awaited<ReturnType<typeof prepareImage>>;
  try {
    image = await prepareImage(input);
  } catch (err) {
    if (err instanceof ImageRejected) throw err.reason === 'tooLarge' ? tooLarge() : unsupported();
    throw err;
  }
  const row = {
    name: image.name,
    borrowerId: uploader.kind === 'borrower' ? uploader.borrowerId : null,
    uploadedBy: uploader.kind,
    purpose,
    contentType: image.contentType,
    bytes: image.data.length,
    width: image.width,
    height: image.height,
  };
  // Counted and recorded under a lock on the borrower, so parallel uploads cannot all pass one
  // count; the files are written after, and the row goes again if they cannot be.
  const stored = await db.transaction(async (tx) => {
    if (uploader.kind === 'borrower') {
      await lockBorrower(tx, UPLOAD_LOCK_NAMESPACE, uploader.borrowerId);
      if ((await uploadsToday(tx, uploader.borrowerId)) >= DAILY_UPLOAD_LIMIT) return false;
    }
    await tx.insert(uploads).values(row);
    return true;
  });
  if (!stored) throw tooMany();
  try {
    await storage.put(image.name, image.data);
    await storage.put(thumbName(image.name), await makeThumbnail(image.data));
  } catch (err) {
    await db.delete(uploads).where(eq(uploads.name, image.name));
    throw err;
  }
  return { url: fileUrl(image.name) };
}

/**
 * The canonical addresses of the given upload URLs, when every one of them was uploaded by this
 * uploader (a borrower's own pictures; staff pictures for a reply). Otherwise a refusal that does
 * not say whether a foreign picture exists.
 */
export async function ownImages(db: Db, urls: readonly string[], uploader: Uploader, field: string): Promise<string[]> {
  const names = urls.map((u) => fileNameFromUrl(u)).filter((n): n is string => n !== null);
  if (names.length !== urls.length)
    throw new AppError(Code.BAD_REQUEST, 'Each image must be an uploaded picture', { field });
  if (names.length === 0) return [];
  const owner =
    uploader.kind === 'borrower'
      ? and(eq(uploads.borrowerId, uploader.borrowerId), eq(uploads.purpose, 'evidence'))
      : and(
          isNull(uploads.borrowerId),
          eq(uploads.uploadedBy, 'staff'),
          uploader.complaintId === undefined
            ? isNull(uploads.complaintId)
            : or(isNull(uploads.complaintId), eq(uploads.complaintId, uploader.complaintId)),
        );
  const found = await db
    .select({ name: uploads.name })
    .from(uploads)
    .where(and(inArray(uploads.name, names), owner));
  if (found.length !== names.length) {
    throw new AppError(Code.BAD_REQUEST, 'Some pictures were not found. Please upload them again', { field });
  }
  return names.map(fileUrl);
}

/** Staff pictures attached to a reply become visible to the complaint's borrower. */
export async function attachStaffImages(db: Db, urls: readonly string[], complaintId: number): Promise<void> {
  const names = urls.map((u) => fileNameFromUrl(u)).filter((n): n is string => n !== null);
  if (names.length === 0) return;
  await db
    .update(uploads)
    .set({ complaintId })
    .where(and(inArray(uploads.name, names), isNull(uploads.borrowerId)));
}

/**
 * An upload a borrower may see: their own, or a staff picture in the reply to their complaint.
 * Support staff see complaint evidence; credit staff the application's identity pictures.
 */
export async function visibleUpload(db: Db, name: string, viewer: { borrowerId: number } | 'staff' | 'credit') {
  const where =
    viewer === 'staff' || viewer === 'credit'
      ? and(eq(uploads.name, name), eq(uploads.purpose, viewer === 'staff' ? 'evidence' : 'identity'))
      : and(
          eq(uploads.name, name),
          or(
            eq(uploads.borrowerId, viewer.borrowerId),
            inArray(
              uploads.complaintId,
              db.select({ id: complaints.id }).from(complaints).where(eq(complaints.borrowerId, viewer.borrowerId)),
            ),
          ),
        );
  const [row] = await db.select({ name: uploads.name, contentType: uploads.contentType }).from(uploads).where(where);
  return row ?? null;
}

/**
 * The thumbnail of a visible upload. Pictures stored before thumbnails were made get
 * theirs on first request; when two requests make it at once, the one that loses the write still
 * sends the thumbnail it made.
 */
export async function uploadThumbnail(storage: ImageStorage, name: string): Promise<Buffer | null> {
  const stored = await storage.get(thumbName(name));
  if (stored) return stored;
  const picture = await storage.get(name);
  if (!picture) return null;
  const made = await makeThumbnail(picture);
  await storage.put(thumbName(name), made).catch(() => undefined);
  return made;
}
