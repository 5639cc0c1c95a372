import { formatRank } from "../../lib/format";
import { lineSegments, sparklinePoints, type RankedDay } from "./sparkline";
import "../../styles/sparkline.css";

const WIDTH = 240;
const HEIGHT = 64;
const PAD = 6;

/** The rank line as plain SVG; its text alternative names the first and last rank. */
export function RankSparkline({ days, rangeLabel, window }: { days: readonly RankedDay[]; rangeLabel: string; window?: { fromMs: number; toMs: number } }) {
  const points = sparklinePoints(days, WIDTH, HEIGHT, PAD, window);
  const first = days[0];
  const last = days.at(-1);
  // One day is a dot, named with its date, not a line to nowhere.
  const label =
    days.length === 1 && first
      ? `Rank on ${first.day}: ${formatRank(first.rank)} (one snapshot so far)`
      : `Rank over ${rangeLabel}: ${formatRank(first?.rank ?? null)} → ${formatRank(last?.rank ?? null)}`;

  return (
    <svg className="sparkline" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label}>
      {/* A day without a rank breaks the line; its dots still show every ranked day. */}
      {lineSegments(days, points)
        .filter((segment) => segment.length > 1)
        .map((segment) => (
          <polyline key={`${segment[0]!.x}`} className="sparkline__line" points={segment.map(({ x, y }) => `${x},${y}`).join(" ")} />
        ))}
      {points.map(({ x, y }, index) => (
        <circle
          key={days[index]?.day}
          className={days[index]?.source === "mock" ? "sparkline__dot sparkline__dot--mock" : "sparkline__dot"}
          cx={x}
          cy={y}
          r={index === points.length - 1 ? 3.5 : 2.5}
        />
      ))}
    </svg>
  );
}
