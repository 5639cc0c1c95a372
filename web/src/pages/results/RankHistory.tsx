import { useCallback } from "react";
import type { HistoryResponse, RankVelocity } from "@contract/history";
import type { Marketplace } from "@contract/marketplaces";
import { fetchHistory } from "../../api/history";
import { LoadFailed } from "../../components/LoadFailed";
import { useResource } from "../../api/use-resource";
import { rankDirection } from "@contract/rank-scale";
import { formatRank } from "../../lib/format";
import { useSession } from "../../state/session";
import { RankSparkline } from "./RankSparkline";
import { dayWindow, rankedDays } from "./sparkline";
import { TrackButton } from "./TrackButton";
import { MemberExportButtons } from "../../components/MemberExportButtons";
// The Dashboard's and Rank Trends' formatters: the same figures read the same on every page.
import { formatPercent, formatSigned } from "../dashboard/figures";

const HISTORY_FAILED = "Rank history is not available right now.";

/**
 * The product's 7-day rank trend (GET /api/history), loaded once its lookup has answered, so
 * today's data point from that lookup is in it; and, for a signed-in user, Track this ASIN.
 */
export function RankHistory({ asin, marketplace }: { asin: string; marketplace: Marketplace }) {
  const { user } = useSession();
  const fetcher = useCallback((signal: AbortSignal) => fetchHistory({ asin, marketplace, range: "7d" }, signal), [asin, marketplace]);
  const [history, reload] = useResource(fetcher);

  return (
    <section className="card rank-history" aria-labelledby="rank-history-heading">
      <div className="rank-history__head">
        <h2 id="rank-history-heading" className="rank-history__heading">
          7-day rank trend
        </h2>
        {history.status === "success" && history.data.points.some((point) => point.source === "mock") && (
          <span className="badge badge--mock">Mock Data</span>
        )}
        {user?.authenticated && <TrackButton asin={asin} marketplace={marketplace} />}
        <MemberExportButtons signedIn={user?.authenticated === true} dataset="history" what="rank history" params={{ asin, marketplace, range: "7d" }} disabled={history.status !== "success"} />
      </div>
      {history.status === "loading" && (
        <p className="rank-history__note" role="status">
          Loading rank history...
        </p>
      )}
      {history.status === "error" && <LoadFailed message={history.message ?? HISTORY_FAILED} onRetry={reload} />}
      {history.status === "success" && <RankTrend history={history.data} />}
    </section>
  );
}

function RankTrend({ history }: { history: HistoryResponse }) {
  const days = rankedDays(history.points);
  if (days.length < 2) {
    return (
      <p className="rank-history__note">
        Not enough history yet. RankLayer records this product&apos;s rank once a day; the trend shows from the second day.
      </p>
    );
  }

  const mock = days.some(({ source }) => source === "mock");
  // Beside live points only the marked (mock) ones are samples: the trend is not mock as a whole.
  const mockNote = days.every(({ source }) => source === "mock")
    ? ". Mock data: sample values, not Amazon's live ranks"
    : ". The marked points are mock data: sample values, not Amazon's live ranks";
  return (
    <div className="rank-history__body">
      <figure className="rank-history__chart">
        {/* The last 7 days ending today, as the chart rules say, however many of them have a rank. */}
        <RankSparkline days={days} rangeLabel="7 days" window={dayWindow(7, Date.now())} />
        <figcaption className="rank-history__caption">
          {days[0]?.day} to {days.at(-1)?.day}, higher on the line is a better rank
          {mock && mockNote}.
        </figcaption>
      </figure>
      <VelocityFacts velocity={history.velocity} />
    </div>
  );
}

function VelocityFacts({ velocity }: { velocity: RankVelocity }) {
  const facts = [
    { term: "Rank change", value: changeText(velocity.rankChangePercent) },
    { term: "Trend", value: velocity.slopePerDay === null ? "—" : `${formatSigned(velocity.slopePerDay)} ranks a day` },
    // Null when fewer than two days of the latest source are ranked (mock days never count with live ones): no figure, not "no rank".
    { term: "Best", value: velocity.best === null ? "—" : formatRank(velocity.best) },
    { term: "Worst", value: velocity.worst === null ? "—" : formatRank(velocity.worst) },
  ];
  return (
    <dl className="tiles rank-history__facts">
      {facts.map(({ term, value }) => (
        <div key={term} className="tile">
          <dt className="tile__label">{term}</dt>
          <dd className="tile__value">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A rank number that grew got worse: "+12.5% (worse)", "−8% (better)", "0% (unchanged)". */
function changeText(percent: number | null): string {
  if (percent === null) return "—";
  return `${formatPercent(percent)} (${rankDirection(percent)})`;
}
