import type { BuyBoxHolder, DashboardRow } from "../contract/dashboard";
import { buyBoxHolders, type BuyBoxColumns } from "../contract/buy-box-holders";
import { rankDirection } from "../contract/rank-scale";
import { escapeHtml } from "../shared/html";
import { ASSOCIATES_NOTICE } from "../exports/export-table";
import { DAY_MS } from "../contract/time";
import { buildCsv } from "../exports/csv";
import { oneClickUnsubscribe } from "./email";

/** The two report emails: each has its own switch in Settings → Notifications. */
export type ReportKind = "daily" | "weekly";

/** What one user's weekly report says; every figure is a stored snapshot's or an alert event's. */
export interface WeeklyReportData {
  /** The week reported, UTC days, both included (Monday to Sunday). */
  fromDay: string;
  toDay: string;
  rows: DashboardRow[];
  alertsFired: { day: string; asin: string; marketplace: string; message: string }[];
  /** `mock`: the seller data is the demo's mock seller API, labelled wherever it is shown. */
  /** `which`: one of the two Buy Boxes changed while the one most shoppers see did not. */
  buyBoxChanges: { asin: string; marketplace: string; which?: "Prime" | "Non-Prime"; from: BuyBoxHolder; to: BuyBoxHolder; mock: boolean }[];
  stockChanges: { asin: string; marketplace: string; from: number | null; to: number | null; mock: boolean }[];
  /** The seller account (connection name) a client's report covers; absent: the whole workspace. */
  client?: string;
}


/** Reports go out on Mondays (UTC), in the 02:30 run. */
export function isReportDay(nowMs: number): boolean {
  return new Date(nowMs).getUTCDay() === 1;
}

/** The week before the Monday of `nowMs`: the previous Monday to Sunday. */
export function reportWeek(nowMs: number): { monday: string; fromDay: string; toDay: string } {
  const day = (offset: number) => new Date(nowMs + offset * DAY_MS).toISOString().slice(0, 10);
  return { monday: day(0), fromDay: day(-7), toDay: day(-1) };
}

/**
 * The daily report of the 02:30 run on `nowMs`'s UTC day: this morning's 02:00 snapshot against
 * yesterday's (rank, Buy Box, stock), and the alerts fired today.
 */
export function reportDay(nowMs: number): { day: string; fromDay: string; toDay: string } {
  const day = (offset: number) => new Date(nowMs + offset * DAY_MS).toISOString().slice(0, 10);
  return { day: day(0), fromDay: day(-1), toDay: day(0) };
}

/** What differs between the daily and the weekly email: the rest (sections, CSV, unsubscribe) is one. */
const WORDING: Record<ReportKind, { name: string; change: string; noChange: string; intro: (from: string, to: string) => string; subject: (from: string, to: string) => string }> = {
  weekly: {
    name: "weekly",
    change: "Rank change (week)",
    noChange: "No ASIN has two days of snapshots this week.",
    intro: (from, to) => `Your tracked ASINs, ${from} to ${to} (UTC).`,
    subject: (from, to) => `RankLayer weekly report, ${from} to ${to}`,
  },
  daily: {
    name: "daily",
    change: "Rank change (day)",
    noChange: "No ASIN has a snapshot on both days yet.",
    intro: (from, to) => `Your tracked ASINs on ${to} (UTC), against ${from}, after the 02:00 UTC snapshot.`,
    subject: (_from, to) => `RankLayer daily report, ${to}`,
  },
};

/** A Buy Box holder as the email says it: words, not the API's codes ("none" read as "you hold none"). */
const HOLDER_WORDS: Record<BuyBoxHolder, string> = { you: "you", other: "another seller", none: "no winner", suppressed: "suppressed (offers, no winner)", unknown: "unknown" };

/**
 * First → last of each ASIN's seller snapshots in the week, per connection (two clients selling
 * one ASIN are two stories, not one change): the Buy Box and stock changes.
 */
export function sellerChanges(
  snapshots: readonly ({ connectionId?: string; asin: string; marketplace: string; fulfillableUnits: number | null; source: string } & BuyBoxColumns)[],
): Pick<WeeklyReportData, "buyBoxChanges" | "stockChanges"> {
  const byKey = new Map<string, (typeof snapshots)[number][]>();
  for (const row of snapshots) {
    const key = `${row.connectionId ?? ""}:${row.marketplace}:${row.asin}`;
    byKey.set(key, [...(byKey.get(key) ?? []), row]);
  }
  const buyBoxChanges: WeeklyReportData["buyBoxChanges"] = [];
  const stockChanges: WeeklyReportData["stockChanges"] = [];
  for (const rows of byKey.values()) {
    const first = rows[0]!;
    const last = rows.at(-1)!;
    const mock = last.source === "mock";
    // The Buy Box most shoppers see, as the dashboard shows it (a suppressed one is "suppressed", not "unknown");
    // when it stayed, either of the two that moved between known holders (losing the non-Prime one only).
    const [from, to] = [buyBoxHolders(first), buyBoxHolders(last)];
    const where = { asin: last.asin, marketplace: last.marketplace };
    if (from.shown !== to.shown) buyBoxChanges.push({ ...where, from: from.shown, to: to.shown, mock });
    else {
      for (const [which, key] of [["Prime", "prime"], ["Non-Prime", "nonPrime"]] as const) {
        const known = from[key] !== "unknown" && to[key] !== "unknown";
        if (known && from[key] !== to[key]) buyBoxChanges.push({ ...where, which, from: from[key], to: to[key], mock });
      }
    }
    if (first.fulfillableUnits !== last.fulfillableUnits) stockChanges.push({ asin: last.asin, marketplace: last.marketplace, from: first.fulfillableUnits, to: last.fulfillableUnits, mock });
  }
  return { buyBoxChanges, stockChanges };
}

/** The week's rows as CSV (RFC 4180 quoting), attached to the email. */
export function weeklyReportCsv(data: WeeklyReportData): string {
  return reportCsv("weekly", data);
}

/**
 * The report's rows as CSV (RFC 4180 quoting), attached to the email; daily and weekly share the
 * columns. Titles and brands are Amazon's (third parties write them): every cell goes through the
 * exports' formula guard, as a downloaded export does.
 */
export function reportCsv(kind: ReportKind, data: WeeklyReportData): string {
  // "Source" and "As of" are the rank's; "Seller data source" those of the Buy Box and FBA units.
  // The two Buy Boxes apart come last, so a sheet reading the earlier columns by position still reads them.
  const columns = ["ASIN", "Marketplace", "Brand", "Title", "Rank", WORDING[kind].change, "Rank change %", "Buy Box", "FBA units", "Source", "As of", "Seller data source", "Prime Buy Box", "Non-Prime Buy Box"];
  // buildCsv: the BOM Excel needs to read UTF-8 (Japanese titles, accents), as on a downloaded export.
  return buildCsv(
    columns,
    data.rows.map((row) => [
      row.asin,
      row.marketplace,
      row.brand ?? "",
      row.title ?? "",
      row.rank === null ? "" : String(row.rank),
      row.rankChange7d === null ? "" : String(row.rankChange7d),
      row.velocity.rankChangePercent === null ? "" : String(row.velocity.rankChangePercent),
      row.buyBox,
      row.fulfillableUnits === null ? "" : String(row.fulfillableUnits),
      row.rankSource.label,
      row.rankSource.asOf ?? "",
      row.sellerSource.kind === null ? "" : row.sellerSource.label,
      row.buyBoxes.prime,
      row.buyBoxes.nonPrime,
    ]),
  );
}

/** A workspace's branding on its report email (docs/branding.md); a null name is RankLayer's own report. */
export interface EmailBranding {
  name: string | null;
  /** #rrggbb, dark enough for white text. */
  accent: string | null;
  /** The logo's public URL (PNG or SVG, served only as an image). */
  logoUrl: string | null;
}

/** "120 places better" for a rank number that fell by 120, "1 place worse", "unchanged": "+120" reads as a climb. */
export function rankMoveText(change: number): string {
  if (change === 0) return "unchanged";
  const places = Math.abs(change);
  return `${places.toLocaleString("en-US")} ${places === 1 ? "place" : "places"} ${rankDirection(change)}`;
}

const mockNote = (mock: boolean) => (mock ? " (mock data)" : "");

/** A fired alert's line: its day and its message, which names the ASIN and marketplace already (alerts/rules.ts). */
function alertLine(event: WeeklyReportData["alertsFired"][number]): string {
  const subject = `${event.asin} (${event.marketplace}): `;
  return `${event.day} ${event.message.startsWith(subject) ? event.message : subject + event.message}`;
}

/** The weekly report email: rank changes, alerts fired, Buy Box and stock changes, the CSV attached, an unsubscribe link. */
export function weeklyReportEmail(data: WeeklyReportData, to: string, from: string, links: { dashboard: string; unsubscribe: string }): EmailMessageBuilder {
  return reportEmail("weekly", data, to, from, links);
}

/** The daily or weekly report email: the same sections, CSV and unsubscribe link, worded for its period. */
export function reportEmail(
  kind: ReportKind,
  data: WeeklyReportData,
  to: string,
  from: string,
  links: { dashboard: string; unsubscribe: string; /** Why this address gets it, when not the member's own switch. */ reason?: string },
  branding?: EmailBranding | null,
): EmailMessageBuilder {
  const wording = WORDING[kind];
  const brand = branding?.name ?? null;
  const client = data.client ? data.client.replace(/[\r\n]/g, " ") : null;
  const scopeLine = client ? `Seller account: ${client}` : null;
  const rankLines = data.rows
    .filter((row) => row.rankChange7d !== null)
    .map((row) => `${row.asin} (${row.marketplace}): #${row.rank?.toLocaleString("en-US")} (${rankMoveText(row.rankChange7d!)}${row.rankSource.kind === "mock" ? ", mock data" : ""})`);
  const sections: [string, string[]][] = [
    ["Rank changes", rankLines.length ? rankLines : [wording.noChange]],
    ["Alerts fired", data.alertsFired.length ? data.alertsFired.map(alertLine) : ["None."]],
    ["Buy Box changes", data.buyBoxChanges.length ? data.buyBoxChanges.map((c) => `${c.asin} (${c.marketplace}): ${c.which ? `${c.which} Buy Box ` : ""}${HOLDER_WORDS[c.from]} → ${HOLDER_WORDS[c.to]}${mockNote(c.mock)}`) : ["None."]],
    ["Stock changes", data.stockChanges.length ? data.stockChanges.map((c) => `${c.asin} (${c.marketplace}): ${c.from ?? "—"} → ${c.to ?? "—"} FBA units${mockNote(c.mock)}`) : ["None."]],
  ];
  const footer = links.reason ?? `You get this email because the ${wording.name} report is on in your RankLayer settings.`;
  const prepared = brand ? `Prepared by ${brand}` : null;
  const accent = branding?.accent && /^#[0-9a-f]{6}$/.test(branding.accent) ? branding.accent : null;
  return {
    from: { name: brand ? `${brand.replace(/["\r\n]/g, "")} via RankLayer` : "RankLayer reports", email: from },
    to,
    subject: [brand, client, wording.subject(data.fromDay, data.toDay)].filter(Boolean).join(": "),
    headers: oneClickUnsubscribe(links.unsubscribe),
    text: [
      ...(prepared ? [prepared, ""] : []),
      ...(scopeLine ? [scopeLine] : []),
      wording.intro(data.fromDay, data.toDay),
      ...sections.flatMap(([title, lines]) => ["", title, ...lines.map((line) => `- ${line}`)]),
      "",
      `The figures are attached as CSV. Dashboard: ${links.dashboard}`,
      "",
      footer,
      `Unsubscribe: ${links.unsubscribe}`,
      ...(brand ? ["", ASSOCIATES_NOTICE] : []),
    ].join("\n"),
    html: [
      ...(branding?.logoUrl ? [`<p><img src="${escapeHtml(branding.logoUrl)}" alt="${escapeHtml(brand ?? "")}" style="max-height:48px;max-width:200px"></p>`] : []),
      ...(prepared ? [`<h1 style="${accent ? `background:${accent};color:#fff;padding:8px 12px;` : ""}font-size:20px">${escapeHtml(prepared)}</h1>`] : []),
      ...(scopeLine ? [`<p><strong>${escapeHtml(scopeLine)}</strong></p>`] : []),
      `<p>${escapeHtml(wording.intro(data.fromDay, data.toDay))}</p>`,
      ...sections.map(([title, lines]) => `<h2${accent ? ` style="color:${accent}"` : ""}>${title}</h2><ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join("")}</ul>`),
      `<p>The figures are attached as CSV. <a href="${escapeHtml(links.dashboard)}">Open your dashboard</a></p>`,
      `<p style="color:#666">${footer} <a href="${escapeHtml(links.unsubscribe)}">Unsubscribe</a></p>`,
      ...(brand ? [`<p style="color:#666;font-size:12px">${escapeHtml(ASSOCIATES_NOTICE)}</p>`] : []),
    ].join("\n"),
    attachments: [{ disposition: "attachment", filename: `ranklayer-${wording.name}-${data.toDay}.csv`, type: "text/csv", content: reportCsv(kind, data) }],
  };
}
