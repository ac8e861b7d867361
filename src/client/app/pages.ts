import { lazyPage } from './lazy-page.ts';

// Every screen is a separate chunk: a visitor on the landing page downloads no portal or admin code.

export const LandingPage = lazyPage(
  () => import('#client/features/catalog/pages/landing-page.tsx'),
  (m) => m.LandingPage,
);
export const FundamentalCoursesPage = lazyPage(
  () => import('#client/features/catalog/pages/fundamental-courses-page.tsx'),
  (m) => m.FundamentalCoursesPage,
);
export const UpskillCoursesPage = lazyPage(
  () => import('#client/features/catalog/pages/upskill-courses-page.tsx'),
  (m) => m.UpskillCoursesPage,
);
export const CourseDetailPage = lazyPage(
  () => import('#client/features/catalog/pages/course-detail-page.tsx'),
  (m) => m.CourseDetailPage,
);
export const PurchasePage = lazyPage(
  () => import('#client/features/checkout/pages/purchase-page.tsx'),
  (m) => m.PurchasePage,
);
export const TeamPurchasePage = lazyPage(
  () => import('#client/features/checkout/pages/team-purchase-page.tsx'),
  (m) => m.TeamPurchasePage,
);
export const TeamPage = lazyPage(
  () => import('#client/features/teams/pages/team-page.tsx'),
  (m) => m.TeamPage,
);
export const ConfirmTeamOrderPage = lazyPage(
  () => import('#client/features/teams/pages/confirm-order-page.tsx'),
  (m) => m.ConfirmOrderPage,
);
export const CheckoutPage = lazyPage(
  () => import('#client/features/checkout/pages/checkout-page.tsx'),
  (m) => m.CheckoutPage,
);
export const PurchaseSuccessPage = lazyPage(
  () => import('#client/features/checkout/pages/purchase-success-page.tsx'),
  (m) => m.PurchaseSuccessPage,
);
export const PaymentAuthenticationPage = lazyPage(
  () => import('#client/features/checkout/pages/payment-authentication-page.tsx'),
  (m) => m.PaymentAuthenticationPage,
);
export const AdminMailboxPage = lazyPage(
  () => import('#client/features/checkout/pages/admin-mailbox-page.tsx'),
  (m) => m.AdminMailboxPage,
);
export const LoginPage = lazyPage(
  () => import('#client/features/auth/pages/login-page.tsx'),
  (m) => m.LoginPage,
);
export const ForcePasswordChangePage = lazyPage(
  () => import('#client/features/auth/pages/force-password-change-page.tsx'),
  (m) => m.ForcePasswordChangePage,
);
export const StudentDashboardPage = lazyPage(
  () => import('./student-dashboard.tsx'),
  (m) => m.StudentDashboard,
);
export const AdminDashboardPage = lazyPage(
  () => import('#client/features/admin/pages/admin-dashboard-page.tsx'),
  (m) => m.AdminDashboardPage,
);
export const OverduePage = lazyPage(
  () => import('#client/features/instalments/pages/overdue-page.tsx'),
  (m) => m.OverduePage,
);
export const CardChangePage = lazyPage(
  () => import('#client/features/instalments/pages/card-change-page.tsx'),
  (m) => m.CardChangePage,
);
export const AccountPage = lazyPage(
  () => import('#client/features/accounts/pages/account-page.tsx'),
  (m) => m.AccountPage,
);
export const ForgotPasswordPage = lazyPage(
  () => import('#client/features/accounts/pages/forgot-password-page.tsx'),
  (m) => m.ForgotPasswordPage,
);
export const ResetPasswordPage = lazyPage(
  () => import('#client/features/accounts/pages/reset-password-page.tsx'),
  (m) => m.ResetPasswordPage,
);
export const StaffAcceptPage = lazyPage(
  () => import('#client/features/accounts/pages/staff-accept-page.tsx'),
  (m) => m.StaffAcceptPage,
);
export const MediaLibraryPage = lazyPage(
  () => import('#client/features/media/pages/media-library-page.tsx'),
  (m) => m.MediaLibraryPage,
);
export const ApprenticeshipPage = lazyPage(
  () => import('#client/features/apprenticeships/pages/apprenticeship-page.tsx'),
  (m) => m.ApprenticeshipPage,
);
export const AdminStandardsPage = lazyPage(
  () => import('#client/features/apprenticeships/pages/admin-standards-page.tsx'),
  (m) => m.AdminStandardsPage,
);
export const AdminApprenticesPage = lazyPage(
  () => import('#client/features/apprenticeships/pages/admin-apprentices-page.tsx'),
  (m) => m.AdminApprenticesPage,
);
export const AccessibilityPage = lazyPage(
  () => import('#client/features/catalog/pages/accessibility-page.tsx'),
  (m) => m.AccessibilityPage,
);
export const ReviewsPolicyPage = lazyPage(
  () => import('#client/features/catalog/pages/reviews-policy-page.tsx'),
  (m) => m.ReviewsPolicyPage,
);
export const WaitlistConfirmPage = lazyPage(
  () => import('#client/features/catalog/pages/waitlist-link-page.tsx'),
  (m) => m.WaitlistConfirmPage,
);
export const UnsubscribePage = lazyPage(
  () => import('#client/features/accounts/pages/unsubscribe-page.tsx'),
  (m) => m.UnsubscribePage,
);
export const WaitlistUnsubscribePage = lazyPage(
  () => import('#client/features/catalog/pages/waitlist-link-page.tsx'),
  (m) => m.WaitlistUnsubscribePage,
);
export const PrivacyPage = lazyPage(
  () => import('#client/features/privacy/pages/privacy-page.tsx'),
  (m) => m.PrivacyPage,
);
export const AdminDataRequestsPage = lazyPage(
  () => import('#client/features/privacy/pages/admin-data-requests-page.tsx'),
  (m) => m.AdminDataRequestsPage,
);
