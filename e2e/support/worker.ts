/**
 * The test worker's number, 1 to the number of workers: test files run one after another in each
 * worker, and each worker has a server of its own, so files in different workers never share data.
 */
export const workerNumber = (): number => Number(process.env.VITEST_POOL_ID ?? '1');
