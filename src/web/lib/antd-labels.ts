import type enUS from 'antd-mobile/es/locales/en-US';

/** antd-mobile's English labels with another language's over them, section by section. */
export function withLabels(base: typeof enUS, labels: object | undefined): typeof enUS {
  if (!labels) return base;
  const out: Record<string, unknown> = { ...base };
  for (const [section, value] of Object.entries(labels)) {
    const own = out[section];
    out[section] = own && typeof own === 'object' && !Array.isArray(own) ? { ...own, ...(value as object) } : value;
  }
  return out as typeof enUS;
}
