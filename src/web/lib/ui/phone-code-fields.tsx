import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { CAPTCHA_LENGTH, PHONE_LENGTH, SMS_CODE_LENGTH } from '../../../shared/constants';
import { digitsOnly, normalizePhone, phoneInputFormat } from '../../../shared/format/phone';

/**
 * The sign-in's and the registration's boxes for a mobile number, the picture captcha and the SMS
 * code: one look and one focus ring, the keypad and autofill each one wants, and what each keeps of
 * a typed or pasted value. Their form's class composes `fields` of text-field.module.css, which
 * styles them.
 */
interface FieldProps {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onValue: (value: string) => void;
  inputRef?: Ref<HTMLInputElement>;
  'data-testid': string;
  /** Beside the box: the get-code button with its countdown, or the captcha picture. */
  children?: ReactNode;
  /**
   * The page's script is not running yet: the box is shown unavailable, so nothing is typed into
   * it that starting the page could drop (a phone typed during hydration was not always kept).
   */
  waiting?: boolean;
}

/** Digits only, at most 11; a pasted +63 / 63 number becomes 09…. */
export const phoneDigitsFrom = (raw: string): string => normalizePhone(raw) ?? digitsOnly(raw).slice(0, PHONE_LENGTH);

/** A Philippine mobile number: `value` holds its digits, shown grouped (0917 123 4567). */
export const PhoneField = (props: FieldProps) =>
  field(props, phoneDigitsFrom, {
    type: 'tel',
    inputMode: 'numeric',
    autoComplete: 'tel-national',
    value: phoneInputFormat(props.value),
  });

/** The SMS code: its 6 digits. */
export const CodeField = (props: FieldProps) =>
  field(props, (raw) => digitsOnly(raw).slice(0, SMS_CODE_LENGTH), {
    inputMode: 'numeric',
    autoComplete: 'one-time-code',
    maxLength: SMS_CODE_LENGTH,
  });

/** The picture captcha: letters and digits only, at most 4, in capitals as the picture shows them. */
export const CaptchaField = (props: FieldProps) =>
  field(
    props,
    (raw) =>
      raw
        .replace(/[^A-Za-z0-9]/g, '')
        .slice(0, CAPTCHA_LENGTH)
        .toUpperCase(),
    { autoComplete: 'off', autoCapitalize: 'characters', spellCheck: false, maxLength: CAPTCHA_LENGTH },
  );

function field(
  { id, label, placeholder, value, onValue, inputRef, children, waiting = false, ...rest }: FieldProps,
  keep: (raw: string) => string,
  box: InputHTMLAttributes<HTMLInputElement>,
) {
  return (
    <>
      <label className="hiram-label" htmlFor={id}>
        {label}
      </label>
      <div className="hiram-row">
        <input
          id={id}
          ref={inputRef}
          data-testid={rest['data-testid']}
          className="hiram-box"
          placeholder={placeholder}
          value={value}
          disabled={waiting}
          aria-busy={waiting || undefined}
          {...box}
          onChange={(event) => onValue(keep(event.target.value))}
        />
        {children}
      </div>
    </>
  );
}
