import type { ButtonHTMLAttributes } from 'react';
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
 * first load, its setup included (docs/performance.md).
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
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={classes.join(' ')}
    >
      {children}
    </button>
  );
}
