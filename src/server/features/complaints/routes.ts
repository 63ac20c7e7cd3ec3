import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { Code } from '../../../shared/codes';
import { API_BASE } from '../../../shared/constants';
import * as contract from '../../../shared/contracts/complaints';
import type { AppContext } from '../../app-context';
import { complaints } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { refuseControlCharacters } from '../../http/control-chars';
import { registerCall } from '../../http/register-call';
import type { ImageStorage } from '../../providers/storage/image-storage';
import {
  answerReply,
  complaintStart,
  complaintTabs,
  fileComplaint,
  rateComplaint,
  readComplaint,
} from './complaint-service';
import { askForScore, operatorComplaints, replyToComplaint } from './operator-service';
import { receiveUpload, uploadThumbnail, visibleUpload } from '../../providers/storage/uploads';

/** spec 000 §2–§8 complaints, and the operator calls that answer them (the back office's support desk). */
export function complaintsRoutes(app: FastifyInstance, { db, storage }: AppContext): void {
  registerCall(app, contract.problemInit, async ({ orderId }, { borrowerId, locale }) =>
    complaintStart(db, borrowerId, orderId, locale),
  );
  registerCall(app, contract.uploadProblemImage, async (_input, { borrowerId, req }) =>
    receiveUpload(db, storage, req, { kind: 'borrower', borrowerId }),
  );
  registerCall(app, contract.problemSave, async (input, { borrowerId }) => fileComplaint(db, borrowerId, input));
  // The list checks the session in its own read (one statement for the page).
  registerCall(app, contract.problemList, async (_input, { session, locale }) => complaintTabs(db, session, locale), {
    sessionInRead: true,
  });
  registerCall(app, contract.problemDetail, async ({ problemId }, { borrowerId, locale }) =>
    readComplaint(db, borrowerId, problemId, locale),
  );
  registerCall(app, contract.problemFollowUp, async ({ problemId, problemDetail }, { borrowerId }) =>
    answerReply(db, borrowerId, problemId, problemDetail),
  );
  registerCall(app, contract.saveScore, async ({ problemId, score }, { borrowerId }) =>
    rateComplaint(db, borrowerId, problemId, score),
  );

  registerCall(app, contract.operatorList, (query) => operatorComplaints(db, query));
  registerCall(app, contract.operatorUploadImage, async (_input, { req }) =>
    receiveUpload(db, storage, req, { kind: 'staff' }),
  );
  // The audit log keeps the reply before and after.
  const replyState = async (problemId: number) => {
    const row = await db.query.complaints.findFirst({ where: eq(complaints.id, problemId) });
    return row
      ? { disposeDetail: row.disposeDetail, disposeImages: row.disposeImages, isNeedScore: row.isNeedScore }
      : null;
  };
  registerCall(app, contract.operatorReply, async (input, { req }) => {
    const before = await replyState(input.problemId);
    const after = await replyToComplaint(db, input);
    req.audit = { entity: 'complaint', entityId: input.problemId, before, after: await replyState(input.problemId) };
    return after;
  });
  registerCall(app, contract.operatorAskScore, async ({ problemId }, { req }) => {
    const before = await replyState(problemId);
    const after = await askForScore(db, problemId);
    req.audit = { entity: 'complaint', entityId: problemId, before, after: await replyState(problemId) };
    return after;
  });

  // The pictures themselves: to their owner (borrower session) or to staff (operator token);
  // `?size=thumb` for the square thumbnail pages show.
  type FileRequest = { Params: { name: string }; Querystring: { size?: string } };
  app.get<FileRequest>(
    `${API_BASE}/files/:name`,
    { config: { auth: true }, preValidation: refuseControlCharacters },
    async (req, reply) =>
      sendFile(
        reply,
        storage,
        await visibleUpload(db, req.params.name, { borrowerId: req.borrowerId ?? 0 }),
        fileSize(req.query),
      ),
  );
  app.get<FileRequest>(
    `${API_BASE}/admin/files/:name`,
    { config: { staffRole: 'support' }, preValidation: refuseControlCharacters },
    async (req, reply) =>
      sendFile(reply, storage, await visibleUpload(db, req.params.name, 'staff'), fileSize(req.query)),
  );
}

function fileSize(query: { size?: string }): 'full' | 'thumb' {
  if (query.size === undefined) return 'full';
  if (query.size === 'thumb') return 'thumb';
  throw new AppError(Code.BAD_REQUEST, 'size must be thumb, or left out for the picture itself', { field: 'size' });
}

export async function sendFile(
  reply: FastifyReply,
  storage: ImageStorage,
  upload: { name: string; contentType: string } | null,
  size: 'full' | 'thumb',
) {
  // Another borrower's picture answers exactly like a missing one.
  const visible = upload && contract.isFileName(upload.name) ? upload : null;
  const data = visible
    ? await (size === 'thumb' ? uploadThumbnail(storage, visible.name) : storage.get(visible.name))
    : null;
  if (!visible || !data) throw new AppError(Code.NOT_FOUND, 'The picture was not found');
  return (
    reply
      .type(size === 'thumb' ? 'image/webp' : visible.contentType)
      // A borrower's evidence must not outlive the session in the browser cache.
      .header('Cache-Control', 'no-store')
      .header('Content-Disposition', 'inline')
      .send(data)
  );
}
