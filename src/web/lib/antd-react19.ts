import { setDefaultConfig, unstableSetRender } from 'antd-mobile';
import enUS from 'antd-mobile/es/locales/en-US';
import { createRoot, type Root } from './react-dom-client';
import { antdMobileLocale } from './i18n';

/**
 * STACK gotcha 1: antd-mobile's imperative Toast / Dialog render nothing on React 19 until
 * it is given a React 19 render function (antd-mobile's "v5 for React 19" guide).
 * Imported first by main.tsx and by the test setup.
 */
type Host = (Element | DocumentFragment) & { _reactRoot?: Root };

unstableSetRender((node, container) => {
  const host = container as Host;
  host._reactRoot ||= createRoot(host);
  const root = host._reactRoot;
  root.render(node);
  return async () => {
    // Unmounting inside the render of the component being closed is refused by React.
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
    host._reactRoot = undefined;
  };
});

// STACK gotcha 2 and architecture.md: Languages and departures: the imperative components render outside <ConfigProvider>,
// so their built-in labels (OK, Cancel, Loading) take the default config: make it the reader's
// language (English, or the Filipino labels loaded with the Filipino catalogue).
setDefaultConfig({ locale: withLabels(enUS, antdMobileLocale()) });

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
