import { lazy } from "react";
import { Route, Routes, useLocation } from "react-router-dom";
import { HomePage } from "../pages/HomePage";
import { AppLayout } from "./AppLayout";
import { ErrorBoundary } from "./ErrorBoundary";
import { SignedInOr } from "./SignedInOr";

// Home ships in the first-load bundle (it is where visitors land); every other page is
// its own chunk, fetched on first visit. AppLayout holds the <Suspense> they load in.
const ResultsPage = lazy(async () => ({ default: (await import("../pages/results/ResultsPage")).ResultsPage }));
const ComparePage = lazy(async () => ({ default: (await import("../pages/marketing/ComparePage")).ComparePage }));
const AboutPage = lazy(async () => ({ default: (await import("../pages/marketing/AboutPage")).AboutPage }));
const DashboardPage = lazy(async () => ({ default: (await import("../pages/marketing/DashboardPage")).DashboardPage }));
const RankTrendsPage = lazy(async () => ({ default: (await import("../pages/marketing/RankTrendsPage")).RankTrendsPage }));
const ReportsPage = lazy(async () => ({ default: (await import("../pages/marketing/ReportsPage")).ReportsPage }));
const PricingPage = lazy(async () => ({ default: (await import("../pages/pricing/PricingPage")).PricingPage }));
const ResourcesPage = lazy(async () => ({ default: (await import("../pages/resources/ResourcesPage")).ResourcesPage }));
const ComparisonPage = lazy(async () => ({ default: (await import("../pages/resources/ComparisonPage")).ComparisonPage }));
const ExtensionPage = lazy(async () => ({ default: (await import("../pages/extension/ExtensionPage")).ExtensionPage }));
const ExtensionConnectPage = lazy(async () => ({ default: (await import("../pages/extension/ExtensionConnectPage")).ExtensionConnectPage }));
const PrivacyPage = lazy(async () => ({ default: (await import("../pages/legal/PrivacyPage")).PrivacyPage }));
const TermsPage = lazy(async () => ({ default: (await import("../pages/legal/TermsPage")).TermsPage }));
const ContactPage = lazy(async () => ({ default: (await import("../pages/contact/ContactPage")).ContactPage }));
const ContactSuccessPage = lazy(async () => ({ default: (await import("../pages/contact/ContactSuccessPage")).ContactSuccessPage }));
const StatusPage = lazy(async () => ({ default: (await import("../pages/status/StatusPage")).StatusPage }));
const ConnectPage = lazy(async () => ({ default: (await import("../pages/connect/ConnectPage")).ConnectPage }));
const SignInPage = lazy(async () => ({ default: (await import("../pages/signin/SignInPage")).SignInPage }));
const OnboardingPage = lazy(async () => ({ default: (await import("../pages/onboarding/OnboardingPage")).OnboardingPage }));
const SellerCentralPage = lazy(async () => ({ default: (await import("../pages/seller-central/SellerCentralPage")).SellerCentralPage }));
const AlertsPage = lazy(async () => ({ default: (await import("../pages/alerts/AlertsPage")).AlertsPage }));
const NotificationsPage = lazy(async () => ({ default: (await import("../pages/notifications/NotificationsPage")).NotificationsPage }));
const SettingsPage = lazy(async () => ({ default: (await import("../pages/settings/SettingsPage")).SettingsPage }));
const PortfolioPage = lazy(async () => ({ default: (await import("../pages/portfolio/PortfolioPage")).PortfolioPage }));
const BrandDashboardPage = lazy(async () => ({ default: (await import("../pages/dashboard/BrandDashboardPage")).BrandDashboardPage }));
const RankTrendsView = lazy(async () => ({ default: (await import("../pages/rank-trends/RankTrendsView")).RankTrendsView }));
const ApiDocsPage = lazy(async () => ({ default: (await import("../pages/docs/ApiDocsPage")).ApiDocsPage }));
const BillingPage = lazy(async () => ({ default: (await import("../pages/billing/BillingPage")).BillingPage }));
const TeamPage = lazy(async () => ({ default: (await import("../pages/team/TeamPage")).TeamPage }));
const AuditPage = lazy(async () => ({ default: (await import("../pages/team/AuditPage")).AuditPage }));
const InvitePage = lazy(async () => ({ default: (await import("../pages/team/InvitePage")).InvitePage }));
const NotFoundPage = lazy(async () => ({ default: (await import("../pages/NotFoundPage")).NotFoundPage }));

/** The route table. Declarative <Routes> rather than a data router: no loaders are used, and it ships ~17 kB (gzip) less. */
export function AppRoutes() {
  const { pathname } = useLocation();

  return (
    // Catches errors in the shell itself; page errors are caught inside it (see AppLayout).
    <ErrorBoundary resetKey={pathname}>
      <Routes>
        <Route path="/" element={<AppLayout />}>
          <Route index element={<HomePage />} />
          <Route path="results" element={<ResultsPage />} />
          <Route path="compare" element={<ComparePage />} />
          <Route path="about" element={<AboutPage />} />
          <Route path="dashboard" element={<SignedInOr signedIn={<BrandDashboardPage />} anonymous={<DashboardPage />} />} />
          <Route path="rank-trends" element={<SignedInOr signedIn={<RankTrendsView />} anonymous={<RankTrendsPage />} />} />
          <Route path="portfolio" element={<PortfolioPage />} />
          <Route path="reports" element={<ReportsPage />} />
          <Route path="pricing" element={<PricingPage />} />
          <Route path="resources" element={<ResourcesPage />} />
          <Route path="resources/ranklayer-vs-keepa" element={<ComparisonPage competitor="keepa" />} />
          <Route path="resources/ranklayer-vs-jungle-scout" element={<ComparisonPage competitor="jungle-scout" />} />
          <Route path="resources/ranklayer-vs-helium-10" element={<ComparisonPage competitor="helium-10" />} />
          <Route path="extension" element={<ExtensionPage />} />
          <Route path="extension/connect" element={<ExtensionConnectPage />} />
          <Route path="privacy" element={<PrivacyPage />} />
          <Route path="terms" element={<TermsPage />} />
          <Route path="contact" element={<ContactPage />} />
          <Route path="contact/success" element={<ContactSuccessPage />} />
          <Route path="status" element={<StatusPage />} />
          <Route path="connect" element={<ConnectPage />} />
          <Route path="signin" element={<SignInPage />} />
          <Route path="onboarding" element={<OnboardingPage />} />
          <Route path="seller-central" element={<SellerCentralPage />} />
          <Route path="alerts" element={<AlertsPage />} />
          <Route path="notifications" element={<NotificationsPage />} />
          <Route path="settings" element={<SettingsPage />} />
          <Route path="docs/api" element={<ApiDocsPage />} />
          <Route path="billing" element={<BillingPage />} />
          <Route path="team" element={<TeamPage />} />
          <Route path="team/audit" element={<AuditPage />} />
          <Route path="invite" element={<InvitePage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </ErrorBoundary>
  );
}
