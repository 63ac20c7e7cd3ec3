import type { FastifyInstance } from 'fastify';
import * as contract from '../../../shared/contracts/bank-binding';
import type { AppContext } from '../../app-context';
import { registerCall } from '../../http/register-call';
import { boundAccount } from '../../money';
import { identityAnswers } from '../../applications/answers-service';
import { bindAccount, requireProduct } from './binding-service';
import { bindFormItems } from './form-items';
import { PH_PLACES } from '../../places/places';

/** spec 000 §2 bank account binding, §3 form items and bind payload, §7 calls. */
export function bankBindingRoutes(app: FastifyInstance, { db }: AppContext): void {
  registerCall(app, contract.cardInit, async ({ product_id }, { borrowerId, locale }) => {
    await requireProduct(db, product_id);
    const [bound, known] = await Promise.all([boundAccount(db, borrowerId), identityAnswers(db, borrowerId)]);
    return { items: bindFormItems(bound, locale, known) };
  });
  registerCall(app, contract.bindCardNew, async (payload, { borrowerId }) => bindAccount(db, borrowerId, payload));
  registerCall(app, contract.bindCardLoan, async (payload, { borrowerId }) => bindAccount(db, borrowerId, payload));
  registerCall(app, contract.places, async () => ({
    regions: PH_PLACES.map((r) => ({ name: r.name, cities: [...r.cities] })),
  }));
}
