import { formatDate } from '../shared/format/date';
import { formatMoney } from '../shared/format/money';

/** Centavos as pesos with the shared formatter; a dash when there is no amount. */
export const peso = (centavos: number | null | undefined) =>
  centavos === null || centavos === undefined ? '—' : formatMoney(centavos);

/** An instant as Manila date and time. */
export const manilaTime = (at: string | null | undefined) => (at ? formatDate(at, true) : '—');
