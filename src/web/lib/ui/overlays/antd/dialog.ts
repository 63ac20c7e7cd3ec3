// The module ../dialog.tsx loads on demand: a module of its own, so a chunk of its own.
export { Dialog } from '../../../antd-mobile';
