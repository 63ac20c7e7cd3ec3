import type { PopupProps } from '../../antd-mobile';
import { onDemand } from '../on-demand';

/** antd-mobile's Popup, loaded when first shown (../on-demand.tsx); same props. */
export const Popup = onDemand<PopupProps>(() => import('./antd/popup').then((m) => ({ default: m.Popup })));
