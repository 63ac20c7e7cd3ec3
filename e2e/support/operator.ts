/** Staff access to the operator API in browser tests (OPERATOR_TOKEN of the shared e2e server). */
export const E2E_OPERATOR_TOKEN = 'e2e-operator-token-not-a-secret-0001';
export const operatorAuth = { authorization: `Operator ${E2E_OPERATOR_TOKEN}` };

/** The first admin of the e2e server (ADMIN_EMAIL / ADMIN_PASSWORD): the back office has no default account. */
export const E2E_ADMIN = { email: 'admin@hiram.test', password: 'e2e admin password, not a secret' };

/**
 * A second admin, made at start the way whoever deploys makes accounts (`npm run staff -- create`):
 * finance and admin roles asked for in the back office wait for an admin other than the one asking.
 */
export const E2E_SECOND_ADMIN = { email: 'second-admin@hiram.test', password: 'e2e second admin password' };
