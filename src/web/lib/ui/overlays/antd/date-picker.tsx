// The module ../date-picker.tsx loads on demand: a module of its own, so a chunk of its own.
import { DatePicker as AntdDatePicker, type DatePickerProps } from '../../../antd-mobile';
import { t } from '../../../i18n';

/** Every picker's Confirm and Cancel in the reader's language, loaded with the picker. */
export function DatePicker(props: DatePickerProps) {
  return <AntdDatePicker confirmText={t('picker.confirm')} cancelText={t('picker.cancel')} {...props} />;
}
