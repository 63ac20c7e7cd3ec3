import type { PickerProps } from '../../antd-mobile';
import { onDemand } from '../on-demand';

/** antd-mobile's Picker, loaded when first shown (../on-demand.tsx); same props. */
export const Picker = onDemand<PickerProps>(() => import('./antd/picker').then((m) => ({ default: m.Picker })));
