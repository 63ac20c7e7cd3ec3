/** Fills `{name}` placeholders of a message; a placeholder without a value is left as written. */
export function interpolate(text: string, vars: Readonly<Record<string, string | number>> = {}): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = vars[name];
    return value === undefined ? whole : String(value);
  });
}
