// React DOM, started when its chunk runs (vite.config.ts puts this file in the react-dom chunk).
// React DOM is CommonJS: the bundle wraps it in a function that runs on its first import, so
// without this file its whole start-up (tens of milliseconds on a phone) ran inside the task
// that runs the app's entry, however early its chunk was fetched and compiled.
export { createRoot, hydrateRoot, type Root } from 'react-dom/client';
