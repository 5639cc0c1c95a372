import { lazy, Suspense, useEffect, useState } from "react";
import { Outlet, useLocation } from "react-router-dom";
import { WORKSPACE_CHANGED_EVENT } from "../api/http";
import { Footer } from "../components/Footer";
import { Header } from "../components/Header";
import { DataSourceProvider } from "../state/data-source";
import { SessionProvider, useSession } from "../state/session";
import { UnreadNotificationsProvider } from "../state/unread-notifications";
import { WorkspacesProvider } from "../state/workspaces";
import { ErrorBoundary } from "./ErrorBoundary";
import { ScrollToTop } from "./ScrollToTop";
import { useRouteMeta } from "./use-page-meta";

// Loaded only when a session ends mid-visit: no first-load bytes for what most visits never show.
const SessionEndedBanner = lazy(() => import("../components/SessionEndedBanner").then((module) => ({ default: module.SessionEndedBanner })));

function SessionEnded() {
  return useSession().ended ? (
    <Suspense fallback={null}>
      <SessionEndedBanner />
    </Suspense>
  ) : null;
}

// Loaded only when the status request failed: the visitor's sign-in is unknown, not signed out.
const StatusUnreachableBanner = lazy(() => import("../components/StatusUnreachableBanner").then((module) => ({ default: module.StatusUnreachableBanner })));

function StatusUnreachable() {
  return useSession().unreachable ? (
    <Suspense fallback={null}>
      <StatusUnreachableBanner />
    </Suspense>
  ) : null;
}

// Loaded only when another tab moved the session to another workspace.
const WorkspaceChangedBanner = lazy(() => import("../components/WorkspaceChangedBanner").then((module) => ({ default: module.WorkspaceChangedBanner })));

function WorkspaceChanged() {
  const [changed, setChanged] = useState(false);
  useEffect(() => {
    const onChanged = () => setChanged(true);
    window.addEventListener(WORKSPACE_CHANGED_EVENT, onChanged);
    return () => window.removeEventListener(WORKSPACE_CHANGED_EVENT, onChanged);
  }, []);
  return changed ? (
    <Suspense fallback={null}>
      <WorkspaceChangedBanner />
    </Suspense>
  ) : null;
}

/** The shell around every page: skip link, header, page, footer, the session they share, and each route's head tags. */
export function AppLayout() {
  const { pathname } = useLocation();
  useRouteMeta();

  return (
    <SessionProvider>
      <WorkspacesProvider>
      <UnreadNotificationsProvider>
        <DataSourceProvider>
          <a className="skip-link" href="#main">
            Skip to content
          </a>
          <Header />
          <main id="main" className="site-main" tabIndex={-1}>
            <StatusUnreachable />
            <SessionEnded />
            <WorkspaceChanged />
            {/* A page that throws shows the error screen here, so header and footer stay usable. */}
            <ErrorBoundary resetKey={pathname}>
              {/* Shown while a lazy page's chunk loads on a first visit straight to it (e.g. /results?…);
                  later navigations are transitions, which keep the old page up until the chunk arrives. */}
              <Suspense fallback={<div aria-busy="true" />}>
                <Outlet />
              </Suspense>
            </ErrorBoundary>
          </main>
          <Footer />
          <ScrollToTop />
        </DataSourceProvider>
      </UnreadNotificationsProvider>
      </WorkspacesProvider>
    </SessionProvider>
  );
}
