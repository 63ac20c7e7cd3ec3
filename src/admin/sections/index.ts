import { type ComponentType, lazy } from 'react';
import type { StaffRole } from '../../shared/api/define-call';

// Each section loads when opened: the sign-in and the menu come first (budget).
const Applications = lazy(() => import('./credit/applications').then((m) => ({ default: m.Applications })));
const Audit = lazy(() => import('./audit/audit').then((m) => ({ default: m.Audit })));
const CheckerInbox = lazy(() => import('./checker/inbox').then((m) => ({ default: m.CheckerInbox })));
const Channels = lazy(() => import('./catalogue/channels').then((m) => ({ default: m.Channels })));
const Collections = lazy(() => import('./collections/collections').then((m) => ({ default: m.Collections })));
const CloseOfBusiness = lazy(() => import('./finance/close-of-business').then((m) => ({ default: m.CloseOfBusiness })));
const CreditBalances = lazy(() => import('./finance/credit-balances').then((m) => ({ default: m.CreditBalances })));
const CreditTransfers = lazy(() => import('./finance/credit-transfers').then((m) => ({ default: m.CreditTransfers })));
const Reminders = lazy(() => import('./collections/reminders').then((m) => ({ default: m.Reminders })));
const Complaints = lazy(() => import('./support/complaints').then((m) => ({ default: m.Complaints })));
const ContactMessages = lazy(() => import('./support/contact-messages').then((m) => ({ default: m.ContactMessages })));
const Disbursements = lazy(() => import('./finance/disbursements').then((m) => ({ default: m.Disbursements })));
const Funnel = lazy(() => import('./reports/funnel').then((m) => ({ default: m.Funnel })));
const Payments = lazy(() => import('./finance/payments').then((m) => ({ default: m.Payments })));
const Reconciliation = lazy(() => import('./finance/reconciliation').then((m) => ({ default: m.Reconciliation })));
const Reports = lazy(() => import('./reports/reports').then((m) => ({ default: m.Reports })));
const DailyCash = lazy(() => import('./reports/reports').then((m) => ({ default: m.DailyCash })));
const Products = lazy(() => import('./catalogue/products').then((m) => ({ default: m.Products })));
const Staff = lazy(() => import('./staff/staff').then((m) => ({ default: m.Staff })));
const TrialBalance = lazy(() => import('./finance/trial-balance').then((m) => ({ default: m.TrialBalance })));
const WriteOffs = lazy(() => import('./finance/write-offs').then((m) => ({ default: m.WriteOffs })));
const Exports = lazy(() => import('./exports/exports').then((m) => ({ default: m.Exports })));
const Privacy = lazy(() => import('./privacy').then((m) => ({ default: m.Privacy })));
const Templates = lazy(() => import('./catalogue/templates').then((m) => ({ default: m.Templates })));

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
  reports: { title: 'Reports', roles: ['finance', 'admin', 'auditor'], component: Reports },
  cash: { title: 'Daily cash', roles: ['finance', 'admin'], component: DailyCash },
  exports: { title: 'Exports', roles: ['finance', 'admin', 'auditor'], component: Exports },
  inbox: { title: 'Approvals', roles: ['finance', 'admin'], component: CheckerInbox },
  products: { title: 'Products', roles: ['admin'], component: Products },
  channels: { title: 'Payment channels', roles: ['admin'], component: Channels },
  templates: { title: 'Promotion templates', roles: ['admin'], component: Templates },
  funnel: { title: 'Promotion funnel', roles: ['admin'], component: Funnel },
  staff: { title: 'Staff', roles: ['admin'], component: Staff },
  audit: { title: 'Audit log', roles: ['admin', 'auditor'], component: Audit },
  privacy: { title: 'Privacy desk', roles: ['dpo'], component: Privacy },
} satisfies Record<string, { title: string; roles: readonly StaffRole[]; component: ComponentType }>;

export type SectionKey = keyof typeof SECTIONS;
