import { afterAll } from 'vitest';
import { closeContexts } from './browser';

// Runs before every browser-test file (vitest.config.ts setupFiles). The files of a worker share
// its loaded modules, so what each file must do for itself is registered here, not in a module
// that loads once per worker.
afterAll(closeContexts);
