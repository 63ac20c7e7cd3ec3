import type { ApplicationItem, FormSection } from '../../shared/contracts/application';

type ItemDef = Omit<ApplicationItem, 'value' | 'subtitle' | 'note' | 'required'> &
  Partial<Pick<ApplicationItem, 'subtitle' | 'note' | 'required'>>;

const options = (pairs: readonly (readonly [string, string])[]) => pairs.map(([type, name]) => ({ type, name }));

export const EMPLOYMENT = options([
  ['employed', 'Employed'],
  ['selfEmployed', 'Self-employed'],
  ['business', 'Business owner'],
  ['ofw', 'Overseas Filipino worker'],
  ['freelance', 'Freelancer'],
]);

export const RELATIONSHIPS = options([
  ['parent', 'Parent'],
  ['spouse', 'Spouse or partner'],
  ['sibling', 'Brother or sister'],
  ['child', 'Son or daughter'],
  ['relative', 'Other relative'],
  ['friend', 'Friend'],
  ['colleague', 'Colleague'],
]);

/** IDs accepted by Philippine lenders as primary government-issued identification. */
export const ID_TYPES = options([
  ['philsys', 'PhilSys National ID'],
  ['umid', 'UMID'],
  ['drivers', "Driver's license"],
  ['passport', 'Passport'],
  ['prc', 'PRC ID'],
  ['postal', 'Postal ID'],
  ['voters', "Voter's ID"],
  ['sss', 'SSS ID'],
]);

export const SECTION_TITLES: Record<FormSection | 'bank', string> = {
  personal: 'Personal details',
  job: 'Work and income',
  ext: 'Reference person',
  public: 'Government ID and selfie',
  bank: 'Payout account',
};

/** The items of each section, in the order the page shows them (spec 000 §3 dynamic form items). */
export const SECTION_ITEMS: Record<FormSection, readonly ItemDef[]> = {
  personal: [
    {
      category: 'txt',
      code: 'fullName',
      title: 'Full name',
      subtitle: 'As on your government ID',
      inputType: 'text',
      maxLength: 100,
    },
    {
      category: 'day',
      code: 'birthDate',
      title: 'Date of birth',
      subtitle: 'You must be 18 or older',
      inputType: 'text',
      maxLength: 10,
    },
    { category: 'citySelect', code: 'city', title: 'City or municipality', inputType: 'text', maxLength: 100 },
    {
      category: 'txt',
      code: 'street',
      title: 'Address',
      subtitle: 'House number, street and barangay',
      inputType: 'text',
      maxLength: 200,
    },
  ],
  job: [
    { category: 'enum', code: 'employment', title: 'Employment', note: EMPLOYMENT, inputType: 'text', maxLength: 20 },
    { category: 'txt', code: 'employer', title: 'Employer or business name', inputType: 'text', maxLength: 100 },
    {
      category: 'txt',
      code: 'monthlyIncome',
      title: 'Monthly income (₱)',
      subtitle: 'Before deductions',
      inputType: 'money',
      maxLength: 9,
    },
  ],
  ext: [
    {
      category: 'txt',
      code: 'refName',
      title: 'Full name of your reference',
      subtitle: 'Someone who knows you and agreed to be named',
      inputType: 'text',
      maxLength: 100,
    },
    {
      category: 'enum',
      code: 'refRelation',
      title: 'Relationship to you',
      note: RELATIONSHIPS,
      inputType: 'text',
      maxLength: 20,
    },
    { category: 'txt', code: 'refPhone', title: 'Mobile number of your reference', inputType: 'phone', maxLength: 11 },
    {
      category: 'check',
      code: 'refConsent',
      title: 'My reference agreed that Hiram may contact them about this loan',
      inputType: 'text',
      maxLength: 1,
    },
  ],
  public: [
    { category: 'enum', code: 'idType', title: 'Type of ID', note: ID_TYPES, inputType: 'text', maxLength: 20 },
    { category: 'txt', code: 'idNumber', title: 'ID number', inputType: 'text', maxLength: 30 },
    {
      category: 'image',
      code: 'idPhoto',
      title: 'Photo of your ID',
      subtitle: 'The front, all four corners in view',
      inputType: 'text',
      maxLength: 200,
    },
    {
      category: 'image',
      code: 'selfie',
      title: 'Selfie',
      subtitle: 'Your face, clearly lit, no sunglasses',
      inputType: 'text',
      maxLength: 200,
    },
  ],
};

/** The items of a section with the stored answers as their values. */
export function itemsWithValues(
  section: FormSection,
  answers: Readonly<Record<string, string>> | undefined,
): ApplicationItem[] {
  return SECTION_ITEMS[section].map((def) => ({
    subtitle: '',
    note: [],
    required: true,
    ...def,
    value: answers?.[def.code] ?? '',
  }));
}
