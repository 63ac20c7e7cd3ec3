// The module ../image-viewer.tsx loads on demand: a module of its own, so a chunk of its own.
export { ImageViewer } from '../../../antd-mobile';
