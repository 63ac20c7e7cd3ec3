import { type ComponentType, lazy } from 'react';
import type { StaffRole } from '../../shared/api/define-call';

// Each section loads when opened: the sign-in and the menu come first (budget).
const Applications = lazy(() => import('./applications').then((m) => ({ default: m.Applications })));
const Audit = lazy(() => import('./audit').then((m) => ({ default: m.Audit })));
const Channels = lazy(() => import('./channels').then((m) => ({ default: m.Channels })));
const Collections = lazy(() => import('./collections').then((m) => ({ default: m.Collections })));
const CloseOfBusiness = lazy(() => import('./close-of-business').then((m) => ({ default: m.CloseOfBusiness })));
const CreditBalances = lazy(() => import('./credit-balances').then((m) => ({ default: m.CreditBalances })));
const CreditTransfers = lazy(() => import('./credit-transfers').then((m) => ({ default: m.CreditTransfers })));
const Reminders = lazy(() => import('./reminders').then((m) => ({ default: m.Reminders })));
const Complaints = lazy(() => import('./complaints').then((m) => ({ default: m.Complaints })));
const ContactMessages = lazy(() => import('./contact-messages').then((m) => ({ default: m.ContactMessages })));
const Disbursements = lazy(() => import('./disbursements').then((m) => ({ default: m.Disbursements })));
const Funnel = lazy(() => import('./funnel').then((m) => ({ default: m.Funnel })));
const Payments = lazy(() => import('./payments').then((m) => ({ default: m.Payments })));
const Reconciliation = lazy(() => import('./reconciliation').then((m) => ({ default: m.Reconciliation })));
const Reports = lazy(() => import('./reports').then((m) => ({ default: m.Reports })));
const DailyCash = lazy(() => import('./reports').then((m) => ({ default: m.DailyCash })));
const Products = lazy(() => import('./products').then((m) => ({ default: m.Products })));
const Staff = lazy(() => import('./staff').then((m) => ({ default: m.Staff })));
const TrialBalance = lazy(() => import('./trial-balance').then((m) => ({ default: m.TrialBalance })));
const WriteOffs = lazy(() => import('./write-offs').then((m) => ({ default: m.WriteOffs })));
const Privacy = lazy(() => import('./privacy').then((m) => ({ default: m.Privacy })));
const Templates = lazy(() => import('./templates').then((m) => ({ default: m.Templates })));

/** The back office's sections, each opened by the roles listed (the server checks the same roles on every call). */
export const SECTIONS = {
  complaints: { title: 'Complaints', roles: ['support'], component: Complaints },
  messages: { title: 'Contact messages', roles: ['support'], component: ContactMessages },
  applications: { title: 'Applications', roles: ['credit'], component: Applications },
  disbursements: { title: 'Disbursements', roles: ['finance'], component: Disbursements },
  payments: { title: 'Payments', roles: ['finance'], component: Payments },
  credits: { title: 'Credit balances', roles: ['finance'], component: CreditBalances },
  creditTransfers: { title: 'Credit to other loans', roles: ['finance'], component: CreditTransfers },
  cob: { title: 'Close of business', roles: ['finance'], component: CloseOfBusiness },
  writeOffs: { title: 'Write-offs', roles: ['finance'], component: WriteOffs },
  books: { title: 'Trial balance', roles: ['finance'], component: TrialBalance },
  reconciliation: { title: 'Reconciliation', roles: ['finance'], component: Reconciliation },
  collections: { title: 'Collections', roles: ['collections'], component: Collections },
  reminders: { title: 'SMS reminders', roles: ['collections'], component: Reminders },
  reports: { title: 'Reports', roles: ['finance', 'admin'], component: Reports },
  cash: { title: 'Daily cash', roles: ['finance', 'admin'], component: DailyCash },
  products: { title: 'Products', roles: ['admin'], component: Products },
  channels: { title: 'Payment channels', roles: ['admin'], component: Channels },
  templates: { title: 'Promotion templates', roles: ['admin'], component: Templates },
  funnel: { title: 'Promotion funnel', roles: ['admin'], component: Funnel },
  staff: { title: 'Staff', roles: ['admin'], component: Staff },
  audit: { title: 'Audit log', roles: ['admin'], component: Audit },
  privacy: { title: 'Privacy desk', roles: ['dpo'], component: Privacy },
} satisfies Record<string, { title: string; roles: readonly StaffRole[]; component: ComponentType }>;

export type SectionKey = keyof typeof SECTIONS;
