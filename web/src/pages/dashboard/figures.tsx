import type { ReactNode } from "react";
import type { BuyBoxHolder, FigureSource } from "@contract/dashboard";
import { formatUtc } from "../../lib/format";
import { groupDigitsTrimmed } from "../../lib/group-digits";

/** Where a figure comes from and when it was captured, under every card. */
export function SourceLine({ source }: { source: FigureSource }) {
  if (source.kind === null) return <p className="kpi__source">No snapshot yet</p>;
  return (
    <p className="kpi__source">
      <span className={source.kind === "mock" ? "badge badge--mock" : "badge badge--live"}>{source.kind === "mock" ? "Mock" : "Amazon"}</span>{" "}
      {source.label}
      {source.asOf && <> · as of {formatUtc(source.asOf)}</>}
    </p>
  );
}

/**
 * One KPI card. `missingDays`: days of the range Amazon has not answered (left out of the
 * figure, never counted as zero), shown as their own line so a partial sum never reads as whole.
 */
export function KpiCard({
  title,
  value,
  detail,
  source,
  missingDays = 0,
  asin = false,
}: {
  title: string;
  value: string;
  detail?: string;
  source: FigureSource;
  missingDays?: number;
  /** The value is an ASIN: set a size smaller so its ten characters stay on one line in a narrow card. */
  asin?: boolean;
}) {
  return (
    <div className="card kpi">
      <h3 className="kpi__title">{title}</h3>
      <p className={asin ? "kpi__value kpi__value--asin" : "kpi__value"}>{value}</p>
      {detail && <p className="kpi__detail">{detail}</p>}
      {missingDays > 0 && (
        <p className="kpi__missing">
          {missingDays === 1 ? "1 day missing" : `${missingDays} days missing`}: Amazon has not answered {missingDays === 1 ? "it" : "them"} yet, so {missingDays === 1 ? "it is" : "they are"} left out, not counted as zero.
        </p>
      )}
      <SourceLine source={source} />
    </div>
  );
}

/**
 * Who holds a Buy Box: "none" is known, no offer wins it (said so: "None" read as "you hold none");
 * "suppressed" is known too, offers exist but Amazon features none; "unknown" is not known.
 */
export const BUY_BOX_TEXT: Record<BuyBoxHolder, string> = { you: "You", other: "Another seller", none: "No winner", suppressed: "Suppressed", unknown: "—" };

/** What "Suppressed" means, shown under it in the Buy Box cell. */
export const SUPPRESSED_NOTE = "Offers are listed, but Amazon shows no Buy Box winner.";

/** "+12.5%" / "−3%" / "—": positive means the rank number grew, i.e. got worse. */
export function formatPercent(value: number | null): string {
  if (value === null) return "—";
  return `${value > 0 ? "+" : value < 0 ? "−" : ""}${Math.abs(value)}%`;
}

export function formatSigned(value: number | null): string {
  if (value === null) return "—";
  return `${value > 0 ? "+" : value < 0 ? "−" : ""}${groupDigitsTrimmed(Math.abs(value), 3)}`;
}

/** Under a table of rank changes: a bigger rank number is a worse rank, so "+" reads as worse. */
export function RankChangeNote() {
  return <p className="table-note">Rank changes: + means the rank number grew (a worse rank), − that it fell (a better one).</p>;
}

/** A table's sideways-scrolling box; focusable and named, so keyboard users can scroll it too. */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  );
}
