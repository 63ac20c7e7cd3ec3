/** The shared formatters (spec 000 §9, architecture.md: Languages and departures), re-exported so pages import from one place. */
export { formatDate, manilaToday } from '../../shared/format/date';
export { formatMoney, parsePesos } from '../../shared/format/money';
export {
  cardInputFormat,
  digitsOnly,
  displayPhone,
  maskAccount,
  normalizePhone,
  phoneInputFormat,
} from '../../shared/format/phone';
