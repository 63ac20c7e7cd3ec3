import { Picker } from '../../../lib/ui/overlays/picker';
import { useState } from 'react';
import type { FormItem } from '../../../../shared/contracts/bank-binding';
import { FieldRow } from './field-row';

/** spec 000 §2: a single-choice item opens a picker with Confirm and Cancel (lib/ui/overlays/antd/picker.tsx). */
export function ChoiceField({
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
  const chosen = item.note.find((o) => o.type === value);
  return (
    <FieldRow
      error={error}
      code={item.code}
      title={item.title}
      subtitle={item.subtitle}
      shown={chosen?.name ?? ''}
      onOpen={() => setOpen(true)}
    >
      <Picker
        visible={open}
        title={item.title}
        columns={[item.note.map((o) => ({ label: o.name, value: o.type }))]}
        value={value ? [value] : []}
        onClose={() => setOpen(false)}
        onConfirm={(v) => {
          const next = v[0];
          if (typeof next === 'string') onChange(next);
        }}
      />
    </FieldRow>
  );
}
