// The module ../cascade-picker.tsx loads on demand: a module of its own, so a chunk of its own.
import { CascadePicker as AntdCascadePicker, type CascadePickerProps } from '../../../antd-mobile';
import { t } from '../../../i18n';

/** Every picker's Confirm and Cancel in the reader's language, loaded with the picker. */
export function CascadePicker(props: CascadePickerProps) {
  return <AntdCascadePicker confirmText={t('picker.confirm')} cancelText={t('picker.cancel')} {...props} />;
}
