/**
 * What `import … from 'react-router'` means in the web build (scripts/vite-react-router.ts points
 * it here): react-router itself, with a lighter <Link> of the same behaviour (./router-link.tsx).
 * Tests and `npm run dev` use react-router unchanged.
 */
export * from 'react-router';
export { Link } from './router-link';
