import type { CascadePickerProps } from '../../antd-mobile';
import { onDemand } from '../on-demand';

/** antd-mobile's CascadePicker, loaded when first shown (../on-demand.tsx); same props. */
export const CascadePicker = onDemand<CascadePickerProps>(() =>
  import('./antd/cascade-picker').then((m) => ({ default: m.CascadePicker })),
);
