import { DatePicker } from '../../../lib/ui/overlays/date-picker';
import { useState } from 'react';
import type { FormItem } from '../../../../shared/contracts/bank-binding';
import { FieldRow } from './field-row';

const pad = (n: number) => String(n).padStart(2, '0');
const toIso = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
function fromIso(value: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : null;
}

const MIN = new Date(1920, 0, 1);
/** Someone born 30 years ago: where a date of birth usually is, so the wheel starts near it. */
const typicalBirthday = () => new Date(new Date().getFullYear() - 30, 0, 1);

/** spec 000 §2 "day" item: a date picker with Confirm and Cancel; the value is YYYY-MM-DD. */
export function DayField({
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
  const [open, setOpen] = useState(false);
  return (
    <FieldRow
      error={error}
      code={item.code}
      title={item.title}
      subtitle={item.subtitle}
      shown={value}
      onOpen={() => setOpen(true)}
    >
      <DatePicker
        visible={open}
        title={item.title}
        min={MIN}
        max={new Date()}
        value={fromIso(value) ?? typicalBirthday()}
        onClose={() => setOpen(false)}
        onConfirm={(d) => onChange(toIso(d))}
      />
    </FieldRow>
  );
}
