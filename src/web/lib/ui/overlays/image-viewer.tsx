import type { ImageViewerProps } from '../../antd-mobile';
import { onDemand } from '../on-demand';

/** antd-mobile's ImageViewer, loaded when first shown (../on-demand.tsx); same props. */
export const ImageViewer = onDemand<ImageViewerProps>(() =>
  import('./antd/image-viewer').then((m) => ({ default: m.ImageViewer })),
);
