import { sweepEveryPage } from './support/everyone-sweep';

// Every page usable by everyone, in Filipino (the sweep: e2e/support/everyone-sweep.ts).
sweepEveryPage('fil');
