import type { ModalProps } from '../../antd-mobile';
import { onDemand } from '../on-demand';

/** antd-mobile's Modal, loaded when first shown (../on-demand.tsx); same props. */
export const Modal = onDemand<ModalProps>(() => import('./antd/modal').then((m) => ({ default: m.Modal })));
