// The module ../picker.tsx loads on demand: a module of its own, so a chunk of its own.
import { Picker as AntdPicker, type PickerProps } from '../../../antd-mobile';
import { t } from '../../../i18n';

/** Every picker's Confirm and Cancel in the reader's language, loaded with the picker. */
export function Picker(props: PickerProps) {
  return <AntdPicker confirmText={t('picker.confirm')} cancelText={t('picker.cancel')} {...props} />;
}
