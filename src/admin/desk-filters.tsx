import { Input, Segmented, Select, Space } from 'antd';
import { type CSSProperties, type ReactNode, useState } from 'react';

/** A desk list's filters by name; an empty filter is `undefined`, so the call leaves it out. */
type Filters = Record<string, string | number | undefined>;

interface FieldBase<F extends Filters> {
  key: keyof F & string;
  /** The accessible name, and the name a browser test finds the control by. */
  label: string;
  width: number;
  testId?: string;
}

/**
 * One control of a desk's filter bar: a search box (applied on Enter, trimmed), a choice from a
 * list, a Manila date written beside its visible label, or a few choices always in view with one
 * always chosen (a worklist or everything), which has nothing to clear and sizes to its words.
 */
export type DeskField<F extends Filters> =
  | (FieldBase<F> & { kind: 'search'; placeholder: string })
  | (FieldBase<F> & {
      kind: 'select';
      placeholder: string;
      options: readonly { value: string | number; label: string }[];
      /** Type to narrow a long list. */
      searchable?: boolean;
    })
  | (FieldBase<F> & { kind: 'date' })
  | (Omit<FieldBase<F>, 'width'> & {
      kind: 'choice';
      options: readonly { value: string | number; label: string }[];
    });

/**
 * A desk list's filters and their setter; every change sends the list back to its first page (a
 * filter runs over the whole set, so page 7 of the old set means nothing).
 */
export function useDeskFilters<F extends Filters>(empty: F, firstPage: () => void) {
  const [filters, setFilters] = useState<F>(empty);
  return {
    filters,
    set: (patch: Partial<F>) => {
      setFilters((f) => ({ ...f, ...patch }));
      firstPage();
    },
  };
}

/** The filter bar above a desk list: one control a field, in order, then anything else (an export button). */
export function DeskFilters<F extends Filters>({
  fields,
  filters,
  set,
  style = { marginBottom: 16 },
  children,
}: {
  fields: readonly DeskField<F>[];
  filters: F;
  set: (patch: Partial<F>) => void;
  style?: CSSProperties;
  children?: ReactNode;
}) {
  const put = (key: keyof F, value: string | number | undefined) => set({ [key]: value } as Partial<F>);
  return (
    <Space wrap style={style} align="end">
      {fields.map((field) => {
        if (field.kind === 'search')
          return (
            <Input.Search
              key={field.key}
              placeholder={field.placeholder}
              allowClear
              onSearch={(v) => put(field.key, v.trim() || undefined)}
              style={{ width: field.width }}
              aria-label={field.label}
              data-testid={field.testId}
            />
          );
        if (field.kind === 'select')
          return (
            <Select
              key={field.key}
              aria-label={field.label}
              placeholder={field.placeholder}
              allowClear
              showSearch={field.searchable}
              optionFilterProp={field.searchable ? 'label' : undefined}
              style={{ width: field.width }}
              value={filters[field.key]}
              onChange={(v?: string | number) => put(field.key, v)}
              options={[...field.options]}
              data-testid={field.testId}
            />
          );
        if (field.kind === 'choice')
          return (
            <Segmented
              key={field.key}
              aria-label={field.label}
              value={filters[field.key]}
              onChange={(v) => put(field.key, v)}
              options={[...field.options]}
              data-testid={field.testId}
            />
          );
        const id = `desk-filter-${field.key}`;
        return (
          <span key={field.key}>
            <label htmlFor={id} style={{ marginRight: 8 }}>
              {field.label}
            </label>
            <Input
              id={id}
              type="date"
              value={filters[field.key] ?? ''}
              onChange={(e) => put(field.key, e.target.value || undefined)}
              style={{ width: field.width }}
              data-testid={field.testId}
            />
          </span>
        );
      })}
      {children}
    </Space>
  );
}
