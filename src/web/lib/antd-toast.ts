/** The lazily loaded part of src/web/lib/toast.ts: antd-mobile's Toast, after the antd-mobile setup. */
export { Toast } from './antd-mobile';
