/**
 * antd-mobile, set up: the one module that imports it (biome.json forbids 'antd-mobile' anywhere
 * else), so no component or imperative Toast/Dialog can render before its setup has run, and the
 * setup travels with the first chunk that uses antd-mobile, not with the entry of every page.
 */
import { setDefaultConfig, unstableSetRender } from 'antd-mobile';
import enUS from 'antd-mobile/es/locales/en-US';
import { withLabels } from './antd-labels';
import { antdMobileLocale } from './i18n';
import { createRoot, type Root } from './react-dom-client';

/**
 * STACK gotcha 1: antd-mobile's imperative Toast / Dialog render nothing on React 19 until
 * it is given a React 19 render function (antd-mobile's "v5 for React 19" guide).
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

export * from 'antd-mobile';
