import { useState } from 'react';
import type { ApplicationSection, FormSection } from '../../../../shared/contracts/application';
import { t } from '../../../lib/i18n';
import { Button } from '../../../lib/ui/button';
import { ChoiceField } from '../../bank-binding/components/choice-field';
import { CityField } from '../../bank-binding/components/city-field';
import { DayField } from '../../bank-binding/components/day-field';
import { TextField } from '../../bank-binding/components/text-field';
import { useSaveSection } from '../api/application';
import { clearDraft, readDraft, useKeepDraft } from '../draft';
import { asFormItem, initialValues, sectionPayload, type Values } from '../form-values';
import styles from './application.module.css';
import { CheckField } from './check-field';
import { PhotoField } from './photo-field';

/**
 * One section of the application from the server's items (spec 000 §3 dynamic form items). The
 * server checks every answer; its message says what to fix, under the item it names, and nothing
 * is kept until all pass.
 */
export function SectionForm({ section, onSaved }: { section: ApplicationSection; onSaved: () => void }) {
  const save = useSaveSection();
  // The saved answers, with what was typed here and not saved yet on top (draft.ts).
  const [values, setValues] = useState<Values>(() => ({
    ...initialValues(section.items),
    ...readDraft(
      section.key,
      section.items.map((i) => i.code),
    ),
  }));
  useKeepDraft(section.key, values);
  // The server's refusal shown under the item it names (data.field), until that item changes.
  const [problem, setProblem] = useState<{ code: string; message: string } | null>(null);
  const set = (code: string) => (value: string) => {
    setProblem((prev) => (prev?.code === code ? null : prev));
    setValues((prev) => ({ ...prev, [code]: value }));
  };

  async function submit() {
    if (save.isPending) return;
    const result = await save.mutateAsync({
      section: section.key as FormSection,
      ...sectionPayload(section.items, values),
    });
    if (result.success) {
      clearDraft(section.key);
      onSaved();
      return;
    }
    const field = (result.data as { field?: unknown } | null)?.field;
    const named = section.items.find((item) => item.code === field);
    if (named) {
      setProblem({ code: named.code, message: result.message });
      document.querySelector<HTMLElement>(`[data-testid="bind-${named.code}"]`)?.focus();
    }
  }

  return (
    <>
      <div className={styles.form}>
        {section.items.map((item) => {
          const value = values[item.code] ?? '';
          const onChange = set(item.code);
          const error = problem?.code === item.code ? problem.message : undefined;
          switch (item.category) {
            case 'image':
              return <PhotoField key={item.code} item={item} value={value} onChange={onChange} />;
            case 'check':
              return <CheckField key={item.code} item={item} value={value} onChange={onChange} />;
            case 'enum':
              return (
                <ChoiceField key={item.code} item={asFormItem(item)} value={value} onChange={onChange} error={error} />
              );
            case 'citySelect':
              return (
                <CityField key={item.code} item={asFormItem(item)} value={value} onChange={onChange} error={error} />
              );
            case 'day':
              return (
                <DayField key={item.code} item={asFormItem(item)} value={value} onChange={onChange} error={error} />
              );
            default:
              return (
                <TextField key={item.code} item={asFormItem(item)} value={value} onChange={onChange} error={error} />
              );
          }
        })}
      </div>
      <Button block size="large" loading={save.isPending} onClick={() => void submit()} data-testid="apply-save">
        {t('apply.saveAndContinue')}
      </Button>
    </>
  );
}
