import type { FastifyInstance } from 'fastify';
import { Code } from '../../../shared/codes';
import * as staffCalls from '../../../shared/contracts/back-office';
import * as catalogueCalls from '../../../shared/contracts/back-office-catalogue';
import * as queueCalls from '../../../shared/contracts/back-office-queues';
import type { AppContext } from '../../app-context';
import { AppError } from '../../http/app-error';
import { registerCall } from '../../http/register-call';
import { listAudit, writeAudit } from './audit';
import { borrowerRoutes } from './borrower-routes';
import { reportRoutes } from './report-routes';
import { listChannels, listProducts, listTemplates, saveChannels, saveProduct, saveTemplate, funnel } from './catalogue';
import { listContactMessages, listCobRuns, listPayments, ordersInStatus } from './queues';
import { FAILED, SIGNED_IN, failureDetail, guardSignIn } from './sign-in-guard';
import { checkPassword, createStaff, createStaffSession, listStaff, revokeStaffSession, updateStaff } from './staff-service';

/** Issue 9 / DESIGN §10: staff sign-in, staff accounts, audit, and the back office's queues and catalogue. */
export function backOfficeRoutes(app: FastifyInstance, { db, config }: AppContext): void {
  const policy = { idleMinutes: config.STAFF_SESSION_IDLE_MINUTES, absoluteDays: 1 };

  registerCall(app, staffCalls.staffLogin, async ({ email, password }, { req }) => {
    const member = await guardSignIn(db, email, req.ip, () => checkPassword(db, email, password));
    if (!member) {
      await writeAudit(db, { staffId: null, actor: email, action: FAILED, entity: 'staffAuth', entityId: email, after: failureDetail(req.ip) });
      throw new AppError(Code.FORBIDDEN, 'The e-mail or the password is wrong', { field: 'password' });
    }
    await writeAudit(db, { staffId: member.id, actor: member.email, action: SIGNED_IN, entity: 'staffAuth', entityId: String(member.id) });
    return { token: await createStaffSession(db, member.id, policy), staff: member };
  });
  registerCall(app, staffCalls.staffMe, async (_input, { req }) => {
    const staff = req.staff;
    if (!staff?.staffId) return { id: 0, email: staff?.id ?? '', name: 'Operator token', roles: [...(staff?.roles ?? [])], active: true };
    const member = (await listStaff(db)).find((m) => m.id === staff.staffId);
    if (!member) throw new AppError(Code.SESSION_EXPIRED, 'Staff sign-in required');
    return member;
  });
  registerCall(app, staffCalls.staffLogout, async (_input, { req }) => {
    if (req.staff?.token) await revokeStaffSession(db, req.staff.token);
    req.audit = { entity: 'staffAuth', entityId: String(req.staff?.staffId ?? '') };
    return {};
  });

  registerCall(app, staffCalls.staffList, async () => ({ list: await listStaff(db) }));
  registerCall(app, staffCalls.staffSave, async ({ id, password, ...rest }, { req }) => {
    if (id === undefined) {
      if (!password) throw new AppError(Code.BAD_REQUEST, 'A new account needs a password', { field: 'password' });
      const after = await createStaff(db, { ...rest, password });
      req.audit = { entity: 'staff', entityId: after.id, before: null, after };
      return after;
    }
    if (id === req.staff?.staffId && (!rest.active || !rest.roles.includes('admin'))) {
      throw new AppError(Code.BAD_REQUEST, 'You cannot remove your own admin role or deactivate yourself', { field: 'roles' });
    }
    const { before, after } = await updateStaff(db, id, { ...rest, ...(password ? { password } : {}) });
    req.audit = { entity: 'staff', entityId: id, before, after: { ...after, passwordChanged: Boolean(password) } };
    return after;
  });
  registerCall(app, staffCalls.auditList, async (filter) => ({ list: await listAudit(db, filter) }));

  registerCall(app, queueCalls.applications, async () => ({ list: await ordersInStatus(db, 21) }));
  registerCall(app, queueCalls.toDisburse, async () => ({ list: await ordersInStatus(db, 110) }));
  registerCall(app, queueCalls.payments, async ({ orderNo }) => ({ list: await listPayments(db, orderNo) }));
  registerCall(app, queueCalls.cobRuns, async () => ({ list: await listCobRuns(db) }));
  registerCall(app, queueCalls.contactMessages, async () => ({ list: await listContactMessages(db) }));

  registerCall(app, catalogueCalls.products, async () => ({ list: await listProducts(db) }));
  registerCall(app, catalogueCalls.saveProduct, async (input, { req }) => {
    const { before, after } = await saveProduct(db, input);
    req.audit = { entity: 'product', entityId: after.id, before, after };
    return after;
  });
  registerCall(app, catalogueCalls.channels, async ({ productId }) => ({ list: await listChannels(db, productId) }));
  registerCall(app, catalogueCalls.saveChannels, async ({ productId, channels }, { req }) => {
    const { before, after } = await saveChannels(db, productId, channels);
    req.audit = { entity: 'product', entityId: productId, before: { channels: before }, after: { channels: after } };
    return { list: after };
  });
  registerCall(app, catalogueCalls.templates, async () => ({ list: await listTemplates(db) }));
  registerCall(app, catalogueCalls.saveTemplate, async (input, { req }) => {
    const { before, after } = await saveTemplate(db, input);
    req.audit = { entity: 'template', entityId: after.id, before, after };
    return after;
  });
  borrowerRoutes(app, { db });
  reportRoutes(app, { db });
  registerCall(app, catalogueCalls.funnel, async ({ from, to }) => ({ list: await funnel(db, from, to) }));
}
