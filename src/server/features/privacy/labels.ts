import type { ReplyLocale } from '../../i18n/reply-locale';

type Pair = readonly [en: string, fil: string];

const GROUPS: Record<string, Pair> = {
  account: ['Your account', 'Iyong account'],
  personal: ['Personal details', 'Personal na detalye'],
  job: ['Work and income', 'Trabaho at kita'],
  ext: ['Reference person', 'Reference na tao'],
  public: ['Government ID and selfie', 'Government ID at selfie'],
  bank: ['Payout account', 'Account na padadalhan ng pera'],
  loans: ['Loans', 'Mga loan'],
  complaints: ['Complaints', 'Mga reklamo'],
  devices: ['Sign-ins and devices', 'Mga pag-sign in at device'],
};

const FIELDS: Record<string, Pair> = {
  phone: ['Mobile number', 'Numero ng mobile'],
  since: ['Account opened', 'Binuksan ang account'],
  language: ['Language', 'Wika'],
  fullName: ['Full name', 'Buong pangalan'],
  birthDate: ['Date of birth', 'Petsa ng kapanganakan'],
  city: ['City or municipality', 'Lungsod o munisipalidad'],
  street: ['Address', 'Tirahan'],
  employment: ['Employment', 'Trabaho'],
  employer: ['Employer or business name', 'Pangalan ng employer o negosyo'],
  monthlyIncome: ['Monthly income (centavos)', 'Buwanang kita (sentimo)'],
  refName: ['Reference name', 'Pangalan ng reference'],
  refRelation: ['Relationship', 'Kaugnayan'],
  refPhone: ['Reference number', 'Numero ng reference'],
  refConsent: ['Reference agreed', 'Pumayag ang reference'],
  idType: ['Type of ID', 'Uri ng ID'],
  idNumber: ['ID number', 'Numero ng ID'],
  idPhoto: ['Photo of your ID', 'Litrato ng iyong ID'],
  selfie: ['Selfie', 'Selfie'],
  accountName: ['Account name', 'Pangalan sa account'],
  accountNo: ['Account number', 'Numero ng account'],
  sessions: ['Active sign-ins', 'Aktibong pag-sign in'],
  devices: ['Devices seen', 'Mga device na nakita'],
};

const pick = (pair: Pair | undefined, locale: ReplyLocale, fallback: string) =>
  pair ? (locale === 'fil' ? pair[1] : pair[0]) : fallback;

export const groupLabel = (key: string, locale: ReplyLocale) => pick(GROUPS[key], locale, key);
export const fieldLabel = (key: string, locale: ReplyLocale) => pick(FIELDS[key], locale, key);

export const FILE_TEXT = {
  en: {
    title: 'What Hiram holds about you',
    made: 'Made on',
    held: 'Your data',
    consents: 'Consents',
    privacyConsent: 'Privacy notice accepted (version {v})',
    optional: 'Optional consents',
    given: 'given',
    withdrawn: 'withdrawn',
    never: 'not given',
    requests: 'Your requests',
    access: 'Staff who viewed your details',
    holds: 'Records kept for a legal duty',
  },
  fil: {
    title: 'Ang hawak ng Hiram tungkol sa iyo',
    made: 'Ginawa noong',
    held: 'Iyong datos',
    consents: 'Mga pahintulot',
    privacyConsent: 'Tinanggap ang privacy notice (bersyon {v})',
    optional: 'Mga opsyonal na pahintulot',
    given: 'ibinigay',
    withdrawn: 'binawi',
    never: 'hindi ibinigay',
    requests: 'Iyong mga kahilingan',
    access: 'Mga staff na tumingin sa iyong detalye',
    holds: 'Mga rekord na itinatago dahil sa batas',
  },
} as const;
