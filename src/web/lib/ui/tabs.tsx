import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';
import styles from './tabs.module.css';

export interface TabItem {
  key: string;
  title: string;
}

interface TabsProps {
  items: readonly TabItem[];
  active: string;
  onChange: (key: string) => void;
  className?: string;
  'data-testid'?: string;
  /** The active tab's content; rendered in its tab panel. */
  children?: ReactNode;
}

/**
 * Tabs as WAI-ARIA describes them: buttons in a tablist, Tab reaches the active one,
 * the arrow keys, Home and End move between them. antd-mobile's tabs are plain divs that no
 * keyboard reaches.
 */
export function Tabs({ items, active, onChange, className, children, 'data-testid': testId }: TabsProps) {
  const id = useId();
  const list = useRef<HTMLDivElement>(null);
  const move = (event: KeyboardEvent, index: number) => {
    const last = items.length - 1;
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const target = items[(next + items.length) % items.length];
    if (!target) return;
    onChange(target.key);
    list.current?.querySelector<HTMLButtonElement>(`[data-key="${CSS.escape(target.key)}"]`)?.focus();
  };
  return (
    <>
      <div ref={list} role="tablist" className={`${styles.list} ${className ?? ''}`} data-testid={testId}>
        {items.map((item, index) => {
          const selected = item.key === active;
          return (
            <button
              key={item.key}
              type="button"
              role="tab"
              id={`${id}-tab-${item.key}`}
              aria-selected={selected}
              aria-controls={children === undefined ? undefined : `${id}-panel`}
              tabIndex={selected ? 0 : -1}
              data-key={item.key}
              className={styles.tab}
              onClick={() => onChange(item.key)}
              onKeyDown={(event) => move(event, index)}
            >
              {item.title}
            </button>
          );
        })}
      </div>
      {children === undefined ? null : (
        <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${active}`}>
          {children}
        </div>
      )}
    </>
  );
}
