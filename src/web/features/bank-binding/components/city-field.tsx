import { CascadePicker } from '../../../lib/ui/overlays/cascade-picker';
import { useState } from 'react';
import type { FormItem } from '../../../../shared/contracts/bank-binding';
import { t } from '../../../lib/i18n';
import { usePlaces } from '../api/get-places';
import { FieldRow } from './field-row';

/** spec 000 §2 "city select": region then city, from the server's list (architecture.md: Providers). */
export function CityField({
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
  const places = usePlaces(open || value !== '');
  const regions = places.data?.regions ?? [];
  const options = regions.map((r) => ({
    label: r.name,
    value: r.name,
    children: r.cities.map((c) => ({ label: c, value: c })),
  }));
  const region = regions.find((r) => r.cities.includes(value));
  return (
    <FieldRow
      error={error}
      code={item.code}
      title={item.title}
      subtitle={item.subtitle}
      shown={value}
      onOpen={() => setOpen(true)}
    >
      <CascadePicker
        visible={open}
        title={item.title}
        options={options}
        loading={places.isPending}
        loadingContent={t('bank.loadingPlaces')}
        value={region ? [region.name, value] : []}
        onClose={() => setOpen(false)}
        onConfirm={(v) => {
          const city = v[1];
          if (typeof city === 'string') onChange(city);
        }}
      />
    </FieldRow>
  );
}
