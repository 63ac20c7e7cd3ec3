/** One field a catalogue change touched, as the history shows it. */
export interface ChangedField {
  field: string;
  label: string;
  before: string;
  after: string;
}

/** "Interest (a day): 0.15% → 0.18%": a change under the field's label, never its stored path. */
export const changeLine = (c: ChangedField): string => `${c.label || c.field}: ${c.before} → ${c.after}`;
