import type { DialogProps } from '../../antd-mobile';
import { onDemand } from '../on-demand';

/** antd-mobile's Dialog, loaded when first shown (../on-demand.tsx); same props. */
export const Dialog = onDemand<DialogProps>(() => import('./antd/dialog').then((m) => ({ default: m.Dialog })));
