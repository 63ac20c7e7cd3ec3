/** Staff access to the operator API in browser tests (OPERATOR_TOKEN of the shared e2e server). */
export const E2E_OPERATOR_TOKEN = 'e2e-operator-token-not-a-secret-0001';
export const operatorAuth = { authorization: `Operator ${E2E_OPERATOR_TOKEN}` };
