import { useEffect, useState } from "react";
import {
  STATUS_COMPONENTS,
  type ComponentReport,
  type ComponentStatus,
  type MarketplaceReport,
  type RegionReport,
  type StatusReport,
} from "@contract/status-components";
import { fetchStatus } from "../../api/site";
import { useResource, type Resource } from "../../api/use-resource";
import "../../styles/system-status.css";

type ShownStatus = ComponentStatus | "unknown";

const STATUS_LABELS: Record<ShownStatus, string> = {
  operational: "Operational",
  degraded: "Degraded",
  mock: "Mock data",
  failing: "Failing",
  not_active: "Not yet active",
  unknown: "Unknown",
};

/** "2026-11-22 05:01:02 UTC" */
function formatUtc(date: Date): string {
  return `${date.toISOString().slice(0, 19).replace("T", " ")} UTC`;
}

/** /status: every component's state from GET /api/status, with a UTC clock. */
const MARKETPLACE_MODE = { live: "Live", mock: "Mock data (labelled)", needs_attention: "Needs attention", failing: "Failing" } as const;

/**
 * A region with a credential is live only in the stores with their own partner tag: the others
 * show the labelled mock, so the region's line names both rather than calling it live as a whole.
 */
function regionMode(region: RegionReport, marketplaces: readonly MarketplaceReport[] = []): string {
  if (region.mode !== "live") return "Mock data (labelled)";
  const mine = marketplaces.filter((entry) => entry.region === region.region);
  const stores = (...modes: MarketplaceReport["mode"][]) => mine.filter((entry) => modes.includes(entry.mode)).map((entry) => entry.marketplace);
  // Failing stores are live ones whose calls fail now; a refused one serves neither live data nor the mock.
  const [live, attention, mock] = [stores("live", "failing"), stores("needs_attention"), stores("mock")];
  if (attention.length === 0 && mock.length === 0) return "Live";
  if (live.length === 0 && attention.length === 0) return "Mock data (labelled)";
  return [
    live.length ? `Live in ${live.join(", ")}` : null,
    attention.length ? `needs attention in ${attention.join(", ")}` : null,
    mock.length ? `mock data (labelled) in ${mock.join(", ")}` : null,
  ]
    .filter(Boolean)
    .join("; ")
    .replace(/^./, (first) => first.toUpperCase());
}

export function StatusPage() {
  const [report, reload] = useResource(fetchStatus);
  const components: (Omit<ComponentReport, "status"> & { status: ShownStatus })[] =
    report.status === "success"
      ? report.data.components
      : STATUS_COMPONENTS.map((component) => ({ ...component, status: "unknown" }));

  return (
    <div className="container system-status">
      <header className="system-status__head">
        <h1>System Status</h1>
        <UtcClock />
      </header>

      <Summary report={report} onRetry={reload} />

      <ul className="stack-list" aria-label="Components" aria-busy={report.status === "loading"}>
        {components.map((component) => (
          <li key={component.id} className="card stack-list__row">
            <div>
              <h2 className="system-status__name">{component.name}</h2>
              <p className="system-status__description">{component.description}</p>
              {component.detail && <p className="system-status__detail">{component.detail}</p>}
              {component.regions && (
                <ul className="system-status__regions" aria-label={`${component.name} by region`}>
                  {component.regions.map((region) => (
                    <li key={region.region} className="system-status__detail">
                      {region.region.toUpperCase()} ({region.marketplaces.join(", ")}): {regionMode(region, component.marketplaces)}
                    </li>
                  ))}
                </ul>
              )}
              {component.marketplaces && (
                <ul className="system-status__regions" aria-label={`${component.name} by marketplace`}>
                  {component.marketplaces.map((entry) => (
                    <li key={entry.marketplace} className="system-status__detail">
                      {entry.marketplace}: {MARKETPLACE_MODE[entry.mode]}. {entry.detail}
                    </li>
                  ))}
                </ul>
              )}
              {component.lastRun && (
                <p className="system-status__detail">
                  Last nightly run ({component.lastRun.day}, finished {component.lastRun.finishedAt.slice(11, 16)} UTC):{" "}
                  {component.lastRun.regions
                    .map((region) => `${region.region.toUpperCase()} ${region.status}, ${region.answered} answered, ${region.failed} failed`)
                    .join("; ")}
                </p>
              )}
            </div>
            <span className={`status-pill status-pill--${component.status}`}>{STATUS_LABELS[component.status]}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Summary({ report, onRetry }: { report: Resource<StatusReport>; onRetry: () => void }) {
  if (report.status === "loading") {
    // The same card and button as the answer, so nothing below moves when it arrives.
    return (
      <div className="card system-status__summary" role="status">
        <p>Checking systems...</p>
        <button type="button" className="button button--secondary" disabled>
          Check again
        </button>
      </div>
    );
  }
  if (report.status === "error") {
    return (
      <div className="card system-status__summary system-status__summary--degraded" role="alert">
        <p>We couldn&apos;t reach the status service, so component states are unknown right now.</p>
        <button type="button" className="button button--secondary" onClick={onRetry}>
          Check again
        </button>
      </div>
    );
  }
  const { data } = report;
  // Mock mode is not an outage, but a headline of "operational" alone would read as live Amazon data.
  const allMock = data.components.some((component) => component.id === "product_source" && component.status === "mock");
  return (
    <div className={`card system-status__summary system-status__summary--${data.status}`} role="status">
      <p>
        {data.status === "operational" ? "All systems operational" : "Some systems are degraded"}
        {allMock && ". Amazon product data is in mock mode: lookups show labelled sample data, not live data"}
        <span className="system-status__checked"> · checked at {formatUtc(new Date(data.checkedAt))}</span>
      </p>
      <button type="button" className="button button--secondary" onClick={onRetry}>
        Check again
      </button>
    </div>
  );
}

/** The current time in UTC, ticking every second. */
function UtcClock() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <p className="system-status__clock">
      Current time: <time dateTime={now.toISOString()}>{formatUtc(now)}</time>
    </p>
  );
}
