import { Code } from '../../../shared/codes';
import { type CallResult, ClientCode } from '../../lib/api';
import { t } from '../../lib/i18n';

/**
 * spec 000 §8 legacy repayment messages, in the reader's language (architecture.md: Languages and departures): 800006 and
 * 800005 have their own; other codes show the server's message or "Processing failed"; a network
 * failure shows "Network error".
 */
export function legacyFailureMessage(result: CallResult<unknown>): string {
  const code = Number.isNaN(Number(result.code)) ? result.code : Number(result.code);
  if (code === Code.LEGACY_WRONG_CODE) return t('legacy.wrongCode');
  if (code === Code.LEGACY_DUPLICATE) return t('legacy.duplicate');
  if (code === ClientCode.NETWORK) return t('legacy.networkError');
  if (code === ClientCode.BAD_REPLY) return t('legacy.failed');
  return result.message.trim() || t('legacy.failed');
}
