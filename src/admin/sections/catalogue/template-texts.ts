import type {
  FilipinoTexts,
  StoredTemplateData as TemplateData,
} from '../../../shared/contracts/back-office-catalogue';

/** Highlights and steps each have four rows in the form; blank rows are left out on saving. */
export const ROWS = 4;

export interface TemplateFormValues {
  name: string;
  enabled: boolean;
  data: TemplateData & { fil: FilipinoTexts };
}

/** A first template's starting point: the required colours and pictures, texts to fill in. */
export const BLANK_DATA: Record<string, unknown> = {
  appName: 'Hiram',
  colours: {
    background: '#C94A12',
    onBackground: '#FFFFFF',
    accent: '#B8400E',
    onAccent: '#FFFFFF',
    card: '#FFFFFF',
    onCard: '#2B2B2B',
  },
  hero: { image: '/img/promotion/hero.svg', imageAlt: '', title: '', subtitle: '' },
  highlights: [],
  form: { title: '', applyText: '' },
  steps: [],
  download: {
    title: '',
    text: '',
    image: '/img/promotion/download.svg',
    imageAlt: '',
    appStoreUrl: null,
    playStoreUrl: null,
  },
  footnote: '',
};

const pad = <T>(list: readonly T[] | undefined, blank: T): T[] =>
  [...(list ?? []), ...Array.from({ length: ROWS }, () => blank)].slice(0, ROWS);

/** A stored template as the form's values: both languages, four rows of highlights and steps. */
export function formOfTemplate(t: {
  name: string;
  enabled: boolean;
  data: Record<string, unknown>;
}): TemplateFormValues {
  const data = t.data as TemplateData;
  const fil = data.fil ?? {};
  return {
    name: t.name,
    enabled: t.enabled,
    data: {
      ...data,
      highlights: pad(data.highlights, { value: '', label: '' }),
      steps: pad(data.steps, ''),
      fil: { ...fil, highlights: pad(fil.highlights, {}), steps: pad(fil.steps, '') },
    },
  };
}

const blank = (text: string | undefined | null) => !text || text.trim() === '';
const orUndefined = (text: string | undefined) => (blank(text) ? undefined : text);
const only = <T extends Record<string, string | undefined>>(obj: T | undefined) => {
  const kept = Object.fromEntries(Object.entries(obj ?? {}).filter(([, v]) => !blank(v)));
  return Object.keys(kept).length > 0 ? (kept as Partial<T>) : undefined;
};

/** The form's values as the template's data: blank rows dropped in both languages, blank Filipino texts left to English. */
export function templateOfForm(values: TemplateFormValues['data']): TemplateData {
  const { fil, ...english } = values;
  const highlightRows = english.highlights
    .map((row, i) => ({ row, i }))
    .filter(({ row }) => !blank(row.value) || !blank(row.label));
  const stepRows = english.steps.map((step, i) => ({ step, i })).filter(({ step }) => !blank(step));
  const filipino: FilipinoTexts = {
    hero: only(fil.hero),
    highlights: highlightRows.map(({ i }) => only(fil.highlights?.[i]) ?? {}),
    form: only(fil.form),
    steps: stepRows.map(({ i }) => orUndefined(fil.steps?.[i]) ?? ''),
    download: only(fil.download),
    footnote: orUndefined(fil.footnote),
  };
  // A step with no Filipino is left to English only when no later step has one (a list cannot skip).
  const lastStep = filipino.steps?.findLastIndex((s) => s !== '') ?? -1;
  filipino.steps =
    lastStep < 0
      ? undefined
      : filipino.steps?.slice(0, lastStep + 1).map((s, i) => s || (english.steps[stepRows[i]?.i ?? 0] ?? ''));
  return {
    ...english,
    highlights: highlightRows.map(({ row }) => row),
    steps: stepRows.map(({ step }) => step),
    download: {
      ...english.download,
      appStoreUrl: orUndefined(english.download.appStoreUrl ?? undefined) ?? null,
      playStoreUrl: orUndefined(english.download.playStoreUrl ?? undefined) ?? null,
    },
    fil: filipino,
  };
}
