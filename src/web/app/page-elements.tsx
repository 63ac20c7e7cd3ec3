import { lazy, type ReactElement } from 'react';
import type { PageName } from '../../shared/pages';
import type { PageTitleKey } from './coming-soon-page';

// React.lazy over named exports: one chunk per page, loaded on its first visit.
const ComingSoon = lazy(() => import('./coming-soon-page').then((m) => ({ default: m.ComingSoonPage })));
const soon = (titleKey: PageTitleKey) => <ComingSoon titleKey={titleKey} />;

const LoginPage = lazy(() => import('../features/auth/pages/login-page').then((m) => ({ default: m.LoginPage })));
const LoanAgreementPage = lazy(() =>
  import('../features/loan/pages/loan-agreement-page').then((m) => ({ default: m.LoanAgreementPage })),
);
const JointLoginFailurePage = lazy(() =>
  import('../features/joint-login/pages/joint-login-failure-page').then((m) => ({ default: m.JointLoginFailurePage })),
);
const HomePage = lazy(() => import('../features/home/pages/home-page').then((m) => ({ default: m.HomePage })));
const CustomerServicePage = lazy(() =>
  import('../features/support/pages/customer-service/customer-service-page').then((m) => ({
    default: m.CustomerServicePage,
  })),
);
const AboutUsPage = lazy(() =>
  import('../features/support/pages/about-us/about-us-page').then((m) => ({ default: m.AboutUsPage })),
);
const PrivacyPolicyPage = lazy(() =>
  import('../features/support/pages/privacy-policy/privacy-policy-page').then((m) => ({
    default: m.PrivacyPolicyPage,
  })),
);
const MyDataPage = lazy(() =>
  import('../features/my-data/pages/my-data-page').then((m) => ({ default: m.MyDataPage })),
);
const OfficialSitePage = lazy(() =>
  import('../features/official-site/pages/official-site-page').then((m) => ({ default: m.OfficialSitePage })),
);
const BindBankPage = lazy(() =>
  import('../features/bank-binding/pages/bind-bank-page').then((m) => ({ default: m.BindBankPage })),
);
const ApplicationPage = lazy(() =>
  import('../features/application/pages/application-page').then((m) => ({ default: m.ApplicationPage })),
);
const ComplaintStartPage = lazy(() =>
  import('../features/complaints/pages/complaint-start-page').then((m) => ({ default: m.ComplaintStartPage })),
);
const ComplaintNextPage = lazy(() =>
  import('../features/complaints/pages/complaint-next-page').then((m) => ({ default: m.ComplaintNextPage })),
);
const ComplaintListPage = lazy(() =>
  import('../features/complaints/pages/complaint-list-page').then((m) => ({ default: m.ComplaintListPage })),
);
const ComplaintDetailsPage = lazy(() =>
  import('../features/complaints/pages/complaint-details-page').then((m) => ({ default: m.ComplaintDetailsPage })),
);
const LegacyRepaymentPage = lazy(() =>
  import('../features/legacy-repayment/pages/legacy-repayment-page').then((m) => ({ default: m.LegacyRepaymentPage })),
);
const TestPreviewPage = lazy(() =>
  import('../features/dev-preview/pages/test-preview-page').then((m) => ({ default: m.TestPreviewPage })),
);
const PromotionPage = lazy(() =>
  import('../features/promotion/pages/promotion-page').then((m) => ({ default: m.PromotionPage })),
);
const RepayPage = lazy(() => import('../features/repayment/pages/repay-page').then((m) => ({ default: m.RepayPage })));
const RepayDelayPage = lazy(() =>
  import('../features/repayment/pages/repay-delay-page').then((m) => ({ default: m.RepayDelayPage })),
);
const RepaymentCodePage = lazy(() =>
  import('../features/repayment/pages/repayment-code-page').then((m) => ({ default: m.RepaymentCodePage })),
);
const RepaymentCode2Page = lazy(() =>
  import('../features/repayment/pages/repayment-code2-page').then((m) => ({ default: m.RepaymentCode2Page })),
);
const PaymentInstructionsPage = lazy(() =>
  import('../features/repayment/pages/payment-instructions-page').then((m) => ({ default: m.PaymentInstructionsPage })),
);
const OrderDetailsPage = lazy(() =>
  import('../features/loan/pages/order-details-page').then((m) => ({ default: m.OrderDetailsPage })),
);
const LoanConfirmPage = lazy(() =>
  import('../features/loan/pages/loan-confirm-page').then((m) => ({ default: m.LoanConfirmPage })),
);
const LoanDisclosurePage = lazy(() =>
  import('../features/loan/pages/loan-disclosure-page').then((m) => ({ default: m.LoanDisclosurePage })),
);
const AmountExplainedPage = lazy(() =>
  import('../features/amount-explained/pages/amount-explained-page').then((m) => ({ default: m.AmountExplainedPage })),
);
const RecordsPage = lazy(() =>
  import('../features/records/pages/records-page').then((m) => ({ default: m.RecordsPage })),
);
const ReceiptPage = lazy(() =>
  import('../features/records/pages/receipt-page').then((m) => ({ default: m.ReceiptPage })),
);
const CertificatePage = lazy(() =>
  import('../features/records/pages/certificate-page').then((m) => ({ default: m.CertificatePage })),
);
const LoanTermsPage = lazy(() =>
  import('../features/loan/pages/loan-terms-page').then((m) => ({ default: m.LoanTermsPage })),
);
const ContactConsentPage = lazy(() =>
  import('../features/collections-consent/contact-consent-page').then((m) => ({ default: m.ContactConsentPage })),
);
export const NotFound = lazy(() => import('./not-found-page').then((m) => ({ default: m.NotFoundPage })));

/**
 * Every page of `pages` (src/shared/pages.ts). A page added there and not here is a type error.
 * Pages not built yet show their spec title and "Coming soon".
 */
export const pageElements: Record<PageName, ReactElement> = {
  officialSite: <OfficialSitePage />,
  home: <HomePage />,
  login: <LoginPage />,
  loanDetail: <OrderDetailsPage />,
  order: <OrderDetailsPage />,
  loanConfirm: <LoanConfirmPage />,
  loanConfirmNew: <LoanConfirmPage />,
  loanConfirmPeriod: <LoanConfirmPage />,
  loanTerms: <LoanTermsPage />,
  loanAgreement: <LoanAgreementPage />,
  loanDisclosure: <LoanDisclosurePage />,
  amountExplained: <AmountExplainedPage />,
  records: <RecordsPage />,
  receipt: <ReceiptPage />,
  paymentCertificate: <CertificatePage />,
  jointLoginFailure: <JointLoginFailurePage />,
  repay: <RepayPage />,
  repayDelay: <RepayDelayPage />,
  repaymentOfCode: <RepaymentCodePage />,
  repaymentOfCode2: <RepaymentCode2Page />,
  paymentInstructions: <PaymentInstructionsPage />,
  bindBank: <BindBankPage />,
  application: <ApplicationPage />,
  complaint: <ComplaintStartPage />,
  complaintList: <ComplaintListPage />,
  complaintNext: <ComplaintNextPage />,
  complaintDetails: <ComplaintDetailsPage />,
  customerService: <CustomerServicePage />,
  aboutUs: <AboutUsPage />,
  privacyPolicy: <PrivacyPolicyPage />,
  myData: <MyDataPage />,
  promotion: <PromotionPage />,
  legacyRepayment: <LegacyRepaymentPage />,
  testPreview: <TestPreviewPage />,
  contactConsent: <ContactConsentPage />,
  admin: soon('page.admin'),
};
