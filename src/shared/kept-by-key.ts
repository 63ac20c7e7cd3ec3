/**
 * Values kept by a key, at most `limit` of them: when full, the oldest kept goes first. For
 * results derived from a key that names all they depend on (a stored text), so a kept value is
 * never out of date and only memory bounds how many stay.
 */
export function keptByKey<V>(limit: number) {
  const entries = new Map<string, V>();
  return {
    get: (key: string): V | undefined => entries.get(key),
    /** Keeps `value` under `key` (dropping the oldest when full) and answers it. */
    keep(key: string, value: V): V {
      if (entries.size >= limit) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      entries.set(key, value);
      return value;
    },
    get size(): number {
      return entries.size;
    },
  };
}
