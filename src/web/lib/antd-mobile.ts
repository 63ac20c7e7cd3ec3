/**
 * What `import … from 'antd-mobile'` means in the web build (scripts/vite-antd-setup.ts points it
 * here): antd-mobile itself, after its React 19 adapter and English locale are set up. The setup
 * thus travels with the first chunk that uses antd-mobile, not with the entry of every page, and
 * no component can render before it (STACK gotchas 1 and 2).
 */
import './antd-react19';

export * from 'antd-mobile';
