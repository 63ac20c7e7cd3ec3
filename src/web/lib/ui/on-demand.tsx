import { type Attributes, type ComponentType, lazy, Suspense, useEffect, useState } from 'react';
import { whenEngaged } from '../when-engaged';

/**
 * A component that loads when it is first shown instead of with the page: for antd-mobile's
 * overlays (./overlays), which bring its animation and gesture libraries, about 15–30 KB gzip that
 * a page does not need to paint (docs/performance.md). The code loads as soon as the
 * borrower touches or scrolls the page, so it is usually there by the time they tap. Until first shown it renders nothing
 * (as the overlay itself does while hidden); once shown it stays mounted, so it closes with its
 * animation. The overlays come through lib/antd-mobile.ts, so antd-mobile's setup runs first.
 */
export function onDemand<P extends { visible?: boolean }>(
  load: () => Promise<{ default: ComponentType<P> }>,
): ComponentType<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () => {
    loading ??= load();
    return loading;
  };
  const Lazy = lazy(preload);
  function OnDemand(props: P) {
    const [shown, setShown] = useState(false);
    if (props.visible && !shown) setShown(true);
    useEffect(() => whenEngaged(() => void preload().catch(() => undefined)), []);
    if (!shown) return null;
    return (
      <Suspense fallback={null}>
        <Lazy {...(props as P & Attributes)} />
      </Suspense>
    );
  }
  return OnDemand;
}
