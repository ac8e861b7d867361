import { type ComponentType, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { PageLoader } from '#client/components/layout/page-loader.tsx';
import { HydratedMarker } from './hydrated-marker.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import * as pages from './pages.ts';
import { RouteGuard } from './route-guard.tsx';

function Page({ component: Component, loadingLabel }: { component: ComponentType; loadingLabel?: string }) {
  return (
    <Suspense fallback={<PageLoader label={loadingLabel} />}>
      <Component />
      <HydratedMarker />
    </Suspense>
  );
}

const preloadLanding = () => void pages.LandingPage.preload();
const ADMIN_LOADING = 'Loading admin dashboard...';

/** The route table of docs/product.md#screens-and-routes. */
export function AppRoutes() {
  return (
    <Switch>
      <Route path="/">
        <RouteGuard area="home" onPending={preloadLanding}>
          <Page component={pages.LandingPage} />
        </RouteGuard>
      </Route>
      <Route path="/login">
        <RouteGuard area="guest">
          <Page component={pages.LoginPage} />
        </RouteGuard>
      </Route>
      <Route path="/admin">
        <RouteGuard area="admin" loadingLabel={ADMIN_LOADING}>
          <Page component={pages.AdminDashboardPage} loadingLabel={ADMIN_LOADING} />
        </RouteGuard>
      </Route>
      <Route path="/admin/media">
        <RouteGuard area="admin" loadingLabel={ADMIN_LOADING}>
          <Page component={pages.MediaLibraryPage} />
        </RouteGuard>
      </Route>
      <Route path="/admin/apprentices">
        <RouteGuard area="admin" loadingLabel={ADMIN_LOADING}>
          <Page component={pages.AdminApprenticesPage} />
        </RouteGuard>
      </Route>
      <Route path="/admin/standards">
        <RouteGuard area="admin" loadingLabel={ADMIN_LOADING}>
          <Page component={pages.AdminStandardsPage} />
        </RouteGuard>
      </Route>
      <Route path="/admin/data-requests">
        <RouteGuard area="admin" loadingLabel={ADMIN_LOADING}>
          <Page component={pages.AdminDataRequestsPage} />
        </RouteGuard>
      </Route>
      <Route path="/admin/mailbox">
        <RouteGuard area="admin" loadingLabel={ADMIN_LOADING}>
          <Page component={pages.AdminMailboxPage} />
        </RouteGuard>
      </Route>
      <Route path="/student">
        <RouteGuard area="student">
          <Page component={pages.StudentDashboardPage} />
        </RouteGuard>
      </Route>
      <Route path="/dashboard">
        <RouteGuard area="student">
          <Page component={pages.StudentDashboardPage} />
        </RouteGuard>
      </Route>
      <Route path="/apprenticeship">
        <RouteGuard area="student">
          <Page component={pages.ApprenticeshipPage} />
        </RouteGuard>
      </Route>
      <Route path="/account">
        <RouteGuard area="account">
          <Page component={pages.AccountPage} />
        </RouteGuard>
      </Route>
      <Route path="/billing/overdue/:instalmentId">
        <RouteGuard area="account">
          <Page component={pages.OverduePage} />
        </RouteGuard>
      </Route>
      <Route path="/billing/plans/:paymentId/card">
        <RouteGuard area="account">
          <Page component={pages.CardChangePage} />
        </RouteGuard>
      </Route>
      <Route path="/fundamental-courses">
        <Page component={pages.FundamentalCoursesPage} />
      </Route>
      <Route path="/upskill-courses">
        <Page component={pages.UpskillCoursesPage} />
      </Route>
      <Route path="/courses/:courseId">
        <Page component={pages.CourseDetailPage} />
      </Route>
      <Route path="/courses/:courseId/purchase">
        <Page component={pages.PurchasePage} />
      </Route>
      <Route path="/courses/:courseId/team">
        <Page component={pages.TeamPurchasePage} />
      </Route>
      <Route path="/team">
        <RouteGuard area="team">
          <Page component={pages.TeamPage} />
        </RouteGuard>
      </Route>
      <Route path="/team-orders/confirm">
        <Page component={pages.ConfirmTeamOrderPage} />
      </Route>
      <Route path="/checkout/:courseId">
        <Page component={pages.CheckoutPage} />
      </Route>
      <Route path="/purchase-success">
        <Page component={pages.PurchaseSuccessPage} />
      </Route>
      <Route path="/payment-authentication/:intentId">
        <Page component={pages.PaymentAuthenticationPage} />
      </Route>
      <Route path="/forgot-password">
        <Page component={pages.ForgotPasswordPage} />
      </Route>
      <Route path="/reset-password">
        <Page component={pages.ResetPasswordPage} />
      </Route>
      <Route path="/privacy">
        <Page component={pages.PrivacyPage} />
      </Route>
      <Route path="/accessibility">
        <Page component={pages.AccessibilityPage} />
      </Route>
      <Route path="/staff/accept">
        <Page component={pages.StaffAcceptPage} />
      </Route>
      <Route path="/reviews-policy">
        <Page component={pages.ReviewsPolicyPage} />
      </Route>
      <Route path="/waitlist/confirm">
        <Page component={pages.WaitlistConfirmPage} />
      </Route>
      <Route path="/unsubscribe">
        <Page component={pages.UnsubscribePage} />
      </Route>
      <Route path="/waitlist/unsubscribe">
        <Page component={pages.WaitlistUnsubscribePage} />
      </Route>
      <Route>
        <NotFoundPage />
        <HydratedMarker />
      </Route>
    </Switch>
  );
}
