// The module ../cascade-picker.tsx loads on demand: a module of its own, so a chunk of its own.
export { CascadePicker } from '../../../antd-mobile';
