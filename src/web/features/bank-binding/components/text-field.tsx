import { type FormItem, isMaskedNumber } from '../../../../shared/contracts/bank-binding';
import { t } from '../../../lib/i18n';
import { inputValue } from '../form-state';
import styles from './bank-binding.module.css';
import { FieldError } from './field-row';

/**
 * A text item; number and phone inputs keep digits only (spec 000 §5). A masked bound number
 * ("•••• 1234") stays until tapped, then clears for a new number. A plain `<input>`: antd-mobile's
 * Input added nothing the page uses and brought its setup with it.
 */
export function TextField({
  item,
  value,
  onChange,
  error,
}: {
  item: FormItem;
  value: string;
  onChange: (v: string) => void;
  error?: string | undefined;
}) {
  const id = `bind-${item.code}-${item.channelNumber}`;
  const masked = isMaskedNumber(value);
  const numeric = item.inputType !== 'text';
  return (
    <div className={styles.item}>
      <label className={styles.texts} htmlFor={id}>
        <span className={styles.title}>{item.title}</span>
        {item.subtitle ? <span className={styles.subtitle}>{item.subtitle}</span> : null}
      </label>
      <input
        id={id}
        className={styles.input}
        value={value}
        onChange={(event) => onChange(inputValue(item, event.target.value))}
        onFocus={() => {
          if (masked) onChange('');
        }}
        type={item.inputType === 'phone' ? 'tel' : 'text'}
        inputMode={numeric ? 'numeric' : 'text'}
        autoComplete={item.inputType === 'phone' ? 'tel' : item.code === 'accountName' ? 'name' : 'off'}
        // A number's cap applies after spaces are dropped (inputValue): the browser's own cap would
        // cut a pasted "0918 555 0101" to "0918 555 01".
        maxLength={masked || numeric ? undefined : item.maxLength}
        placeholder={masked ? t('bank.keepNumber') : item.title}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `bind-${item.code}-error` : undefined}
        data-testid={`bind-${item.code}`}
      />
      <FieldError code={item.code} error={error} />
    </div>
  );
}
