export { type CallOptions, callApi, setTransport } from './client';
export { commonParts, withCommonQuery } from './common-params';
export { ApiError, type CallResult, ClientCode, retryCanHelp, shouldRetry } from './errors';
export { callKey, callQueryOptions, useCallMutation } from './query';
