import { format } from 'node:util';
import { cleanup } from '@testing-library/react';
import { Toast } from '../lib/antd-mobile';
import { afterEach } from 'vitest';

// A React warning in a test is a bug. console.error is replaced
// by a plain function, not a spy, so a test that restores its mocks cannot remove the guard.
const originalError = console.error.bind(console);
let errors: string[] = [];
console.error = (...args: unknown[]) => {
  errors.push(format(...args));
  originalError(...args);
};

afterEach(() => {
  cleanup();
  Toast.clear();
  window.sessionStorage.clear();
  window.localStorage.clear();
  const found = errors;
  errors = [];
  if (found.length > 0) throw new Error(`console.error was called during the test:\n${found.join('\n')}`);
});
