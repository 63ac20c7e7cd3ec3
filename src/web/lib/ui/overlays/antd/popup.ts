// The module ../popup.tsx loads on demand: a module of its own, so a chunk of its own.
export { Popup } from '../../../antd-mobile';
