import { sweepEveryPage } from './support/everyone-sweep';

// Every page usable by everyone, in English (the sweep: e2e/support/everyone-sweep.ts).
sweepEveryPage('en');
