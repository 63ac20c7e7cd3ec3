// The module ../date-picker.tsx loads on demand: a module of its own, so a chunk of its own.
export { DatePicker } from '../../../antd-mobile';
