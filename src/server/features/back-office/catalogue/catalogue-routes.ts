import type { FastifyInstance } from 'fastify';
import * as calls from '../../../../shared/contracts/back-office-catalogue';
import type { AppContext } from '../../../app-context';
import { registerCall } from '../../../http/register-call';
import { funnel, listChannels, listProducts, listTemplates, saveChannels, saveTemplate } from './catalogue';
import { catalogueHistory, fieldChanges } from './catalogue-history';
import {
  approveProductChange,
  listProductChanges,
  type ProductChangeRow,
  proposerName,
  rejectProductChange,
  saveProduct,
} from './product-changes';
import { inspectTerms } from './product-check';

const changeOut = (
  c: ProductChangeRow,
  productName: string,
  requestedByName: string | null,
): calls.ProductChangeRow => ({
  id: c.id,
  productId: c.productId,
  productName,
  status: c.status as calls.ProductChangeRow['status'],
  changes: fieldChanges(c.before, c.proposed),
  requestedBy: c.requestedBy,
  requestedByName,
  requestedAt: c.requestedAt.toISOString(),
  decidedBy: c.decidedBy,
  decidedAt: c.decidedAt?.toISOString() ?? null,
  rejectReason: c.rejectReason,
});

const pendingOf = (c: ProductChangeRow) => ({ id: c.id, before: c.before, proposed: c.proposed });

/** Admin's catalogue: products (pricing changes approved by a second admin), channels, templates, history, funnel. */
export function catalogueRoutes(app: FastifyInstance, { db, config }: Pick<AppContext, 'db' | 'config'>): void {
  const limits = config.lenderLimits;
  registerCall(app, calls.products, async () => ({ list: await listProducts(db) }));
  registerCall(app, calls.checkProduct, async ({ terms }) => inspectTerms(terms, limits));
  registerCall(app, calls.saveProduct, async (input, { req, staffId }) => {
    const { before, after, pending } = await saveProduct(db, input, staffId, limits);
    req.audit = {
      entity: 'product',
      entityId: after.id,
      before,
      after: { ...after, notes: undefined, pending: pending ? pendingOf(pending) : null },
    };
    return { ...after, ...(pending ? { pendingChangeId: pending.id } : {}) };
  });
  registerCall(app, calls.productChanges, async ({ status }) => ({
    list: (await listProductChanges(db, status)).map((r) => changeOut(r.change, r.productName, r.proposerName)),
  }));
  registerCall(app, calls.approveProductChange, async ({ changeId }, { req, staffId }) => {
    const { change, before, after } = await approveProductChange(db, { changeId, actor: staffId }, limits);
    req.audit = {
      entity: 'product',
      entityId: after.id,
      before,
      after: { ...after, change: change.id, proposedBy: change.requestedBy },
    };
    return { change: changeOut(change, after.name, await proposerName(db, change.requestedBy)), product: after };
  });
  registerCall(app, calls.rejectProductChange, async ({ changeId, reason }, { req, staffId }) => {
    const change = await rejectProductChange(db, { changeId, actor: staffId, reason });
    req.audit = {
      entity: 'product',
      entityId: change.productId,
      before: null,
      after: { change: change.id, reason, proposedBy: change.requestedBy, pending: pendingOf(change) },
    };
    const name = (await db.query.products.findFirst({ where: (p, { eq }) => eq(p.id, change.productId) }))?.name ?? '';
    return { change: changeOut(change, name, await proposerName(db, change.requestedBy)) };
  });
  registerCall(app, calls.catalogueHistory, async ({ entity, entityId }) => ({
    list: await catalogueHistory(db, entity, entityId),
  }));
  registerCall(app, calls.channels, async ({ productId }) => ({ list: await listChannels(db, productId) }));
  registerCall(app, calls.saveChannels, async ({ productId, channels }, { req }) => {
    const { before, after } = await saveChannels(db, productId, channels);
    req.audit = { entity: 'product', entityId: productId, before: { channels: before }, after: { channels: after } };
    return { list: after };
  });
  registerCall(app, calls.templates, async () => ({ list: await listTemplates(db) }));
  registerCall(app, calls.saveTemplate, async (input, { req }) => {
    const { before, after } = await saveTemplate(db, input);
    req.audit = { entity: 'template', entityId: after.id, before, after };
    return after;
  });
  registerCall(app, calls.funnel, async ({ from, to }) => ({ list: await funnel(db, from, to) }));
}
