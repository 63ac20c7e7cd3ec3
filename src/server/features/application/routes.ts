import type { FastifyInstance } from 'fastify';
import { API_BASE } from '../../../shared/constants';
import * as contract from '../../../shared/contracts/application';
import type { AppContext } from '../../app-context';
import { manilaDateOf } from '../../domain/loan';
import { badRequest } from '../../http/app-error';
import { refuseControlCharacters } from '../../http/control-chars';
import { registerCall } from '../../http/register-call';
import { recordPictureView } from '../../privacy/access-log';
import { sendFile } from '../complaints/routes';
import { receiveUpload, visibleUpload } from '../../providers/storage/uploads';
import { applicationOf, recordConsent, saveSection } from '../../applications/answers-service';

/** The application's forms (spec 000 §2 form-section keys), its consent and its identity pictures. */
export function applicationRoutes(app: FastifyInstance, { db, storage, clock }: AppContext): void {
  registerCall(app, contract.applicationForm, async (_input, { borrowerId }) => applicationOf(db, borrowerId));
  registerCall(app, contract.saveSection, async ({ section, ...answers }, { borrowerId }) =>
    saveSection(db, borrowerId, section, answers, manilaDateOf(clock.now())),
  );
  registerCall(app, contract.giveConsent, async ({ version, agree }, { borrowerId }) => {
    if (agree !== '1') throw badRequest('Please tick the box to agree to the privacy notice', 'agree');
    return recordConsent(db, borrowerId, version);
  });
  registerCall(app, contract.uploadPhoto, async (_input, { borrowerId, req }) =>
    receiveUpload(
      db,
      storage,
      req,
      { kind: 'borrower', borrowerId },
      { field: contract.PHOTO_FIELD, purpose: 'identity' },
    ),
  );
  // Credit staff see the ID photo and the selfie; support staff, who read complaint evidence, do not.
  type FileRequest = { Params: { name: string }; Querystring: { size?: string } };
  app.get<FileRequest>(
    `${API_BASE}/admin/application/files/:name`,
    { config: { staffRole: 'credit' }, preValidation: refuseControlCharacters, preHandler: recordPictureView(db) },
    async (req, reply) =>
      sendFile(
        reply,
        storage,
        await visibleUpload(db, req.params.name, 'credit'),
        req.query.size === 'thumb' ? 'thumb' : 'full',
      ),
  );
}
