// The module ../modal.tsx loads on demand: a module of its own, so a chunk of its own.
export { Modal } from '../../../antd-mobile';
