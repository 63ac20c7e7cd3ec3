// The module ../picker.tsx loads on demand: a module of its own, so a chunk of its own.
export { Picker } from '../../../antd-mobile';
