/** See newest-mtime.mjs. */
export function newestMtime(path: string): number;
