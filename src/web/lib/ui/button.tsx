import type { ButtonHTMLAttributes } from 'react';
import { useHydrated } from '../hooks/use-hydrated';
import styles from './button.module.css';

type Props = ButtonHTMLAttributes<HTMLButtonElement> & {
  /** Full width of its container. */
  block?: boolean;
  size?: 'small' | 'middle' | 'large';
  /** `outline`: the theme colour on a clear ground, for the second choice of a pair. */
  fill?: 'solid' | 'outline';
  /** Shows the button busy and refuses a second tap while a call is under way. */
  loading?: boolean;
  'data-testid'?: string;
};

/**
 * The pages' rounded action button in the theme colour. A plain `<button>` instead of
 * antd-mobile's Button: a page that needs nothing else of antd-mobile saves about 3.6 KB gzip of
 * first load, its setup included (docs/performance.md). Until the page's script runs, the button
 * is disabled and shown waiting (a tap before then would be lost).
 */
export function Button({
  block = false,
  size = 'middle',
  fill = 'solid',
  loading = false,
  disabled,
  type = 'button',
  className,
  children,
  ...rest
}: Props) {
  // A page painted from its HTML shows its buttons before its script can answer them: until then
  // they are disabled and marked waiting, so no tap is taken and lost.
  const waiting = !useHydrated();
  const classes = [
    styles.button,
    styles[size],
    fill === 'outline' && styles.outline,
    block && styles.block,
    className,
  ].filter(Boolean);
  return (
    <button
      {...rest}
      type={type}
      disabled={disabled || loading || waiting}
      aria-busy={loading || waiting || undefined}
      data-waiting={waiting || undefined}
      className={classes.join(' ')}
    >
      {children}
    </button>
  );
}
