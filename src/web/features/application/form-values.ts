import type { ApplicationItem } from '../../../shared/contracts/application';
import type { FormItem } from '../../../shared/contracts/bank-binding';

export type Values = Record<string, string>;

/** Money travels in centavos and is typed in whole pesos. */
const toPesos = (centavos: string) => (/^\d+$/.test(centavos) ? String(Math.floor(Number(centavos) / 100)) : centavos);
const toCentavos = (pesos: string) => (/^\d+$/.test(pesos) ? String(Number(pesos) * 100) : pesos);

/** The stored answers as the form shows them. */
export function initialValues(items: readonly ApplicationItem[]): Values {
  return Object.fromEntries(items.map((i) => [i.code, i.inputType === 'money' ? toPesos(i.value) : i.value]));
}

/** The save payload: one code=value per item (spec 000 §3), money back in centavos. */
export function sectionPayload(items: readonly ApplicationItem[], values: Values): Values {
  return Object.fromEntries(
    items.map((i) => {
      const value = (values[i.code] ?? '').trim();
      return [i.code, i.inputType === 'money' ? toCentavos(value.replace(/[\s,]/g, '')) : value];
    }),
  );
}

/** The bank form's field components draw text, choice, city and day items: they take its item shape. */
export function asFormItem(item: ApplicationItem): FormItem {
  const category = item.category === 'check' || item.category === 'image' ? 'txt' : item.category;
  return {
    ...item,
    category,
    inputType: item.inputType === 'money' ? 'number' : item.inputType,
    cardTypeMi: 0,
    channelNumber: 0,
  };
}
