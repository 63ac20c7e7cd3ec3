import type { DatePickerProps } from '../../antd-mobile';
import { onDemand } from '../on-demand';

/** antd-mobile's DatePicker, loaded when first shown (../on-demand.tsx); same props. */
export const DatePicker = onDemand<DatePickerProps>(() =>
  import('./antd/date-picker').then((m) => ({ default: m.DatePicker })),
);
