import { type ComponentType, lazy } from 'react';
import type { StaffRole } from '../../shared/api/define-call';

// Each section loads when opened: the sign-in and the menu come first (issue 12 budget).
const Applications = lazy(() => import('./applications').then((m) => ({ default: m.Applications })));
const Audit = lazy(() => import('./audit').then((m) => ({ default: m.Audit })));
const Channels = lazy(() => import('./channels').then((m) => ({ default: m.Channels })));
const CloseOfBusiness = lazy(() => import('./close-of-business').then((m) => ({ default: m.CloseOfBusiness })));
const Complaints = lazy(() => import('./complaints').then((m) => ({ default: m.Complaints })));
const ContactMessages = lazy(() => import('./contact-messages').then((m) => ({ default: m.ContactMessages })));
const Disbursements = lazy(() => import('./disbursements').then((m) => ({ default: m.Disbursements })));
const Funnel = lazy(() => import('./funnel').then((m) => ({ default: m.Funnel })));
const Payments = lazy(() => import('./payments').then((m) => ({ default: m.Payments })));
const Products = lazy(() => import('./products').then((m) => ({ default: m.Products })));
const Staff = lazy(() => import('./staff').then((m) => ({ default: m.Staff })));
const Templates = lazy(() => import('./templates').then((m) => ({ default: m.Templates })));

/** The back office's sections, each opened by one role (the server checks the same roles on every call). */
export const SECTIONS = {
  complaints: { title: 'Complaints', role: 'support', component: Complaints },
  messages: { title: 'Contact messages', role: 'support', component: ContactMessages },
  applications: { title: 'Applications', role: 'credit', component: Applications },
  disbursements: { title: 'Disbursements', role: 'finance', component: Disbursements },
  payments: { title: 'Payments', role: 'finance', component: Payments },
  cob: { title: 'Close of business', role: 'finance', component: CloseOfBusiness },
  products: { title: 'Products', role: 'admin', component: Products },
  channels: { title: 'Payment channels', role: 'admin', component: Channels },
  templates: { title: 'Promotion templates', role: 'admin', component: Templates },
  funnel: { title: 'Promotion funnel', role: 'admin', component: Funnel },
  staff: { title: 'Staff', role: 'admin', component: Staff },
  audit: { title: 'Audit log', role: 'admin', component: Audit },
} satisfies Record<string, { title: string; role: StaffRole; component: ComponentType }>;

export type SectionKey = keyof typeof SECTIONS;
