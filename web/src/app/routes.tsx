import { lazy } from "react";
import { Route, Routes, useLocation } from "react-router-dom";
import { HomePage } from "../pages/HomePage";
import { AppLayout } from "./AppLayout";
import { ErrorBoundary } from "./ErrorBoundary";

// Home ships in the first-load bundle (it is where visitors land); every other page is
// its own chunk, fetched on first visit. AppLayout holds the <Suspense> they load in.
const ResultsPage = lazy(async () => ({ default: (await import("../pages/results/ResultsPage")).ResultsPage }));
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
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </ErrorBoundary>
  );
}
