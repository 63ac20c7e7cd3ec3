import { t } from '../../../lib/i18n';
import { showToast } from '../../../lib/toast';

/** Copies to the clipboard and says "Copy success" (spec 001 §8). */
export async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    // Older webviews: the hidden-field way.
    const field = document.createElement('textarea');
    field.value = text;
    field.setAttribute('readonly', '');
    field.style.position = 'fixed';
    field.style.opacity = '0';
    document.body.appendChild(field);
    field.select();
    document.execCommand('copy');
    field.remove();
  }
  showToast(t('repay.copied'));
}
