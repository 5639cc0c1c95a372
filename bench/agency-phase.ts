/**
 * The agency rows of `npm run bench` (issue 28 point 8): the seeded Agency workspace of 20 seller
 * connections × 500 tracked ASINs (bench/agency-seed.ts) reads /api/portfolio aggregated and
 * drilled into one client, and /api/dashboard as the web table pages it, with and without the
 * `connection` filter; each p50/p99 against p99 < 1 s. Then Chromium renders /portfolio.
 */
import { AGENCY_CONNECTIONS, ASINS_PER_CONNECTION, agencyConnectionId, agencySessionCookie } from "./agency-seed.ts";
import { latencyRow, type Figures, type TableRow } from "./report.ts";
import { checkPortfolioPage } from "./table-check.ts";

type Load = (name: string, url: string, options: { duration: number; connections: number; headers: Record<string, string> }) => Promise<Figures>;
type MustAnswer = (url: string, headers: Record<string, string>) => Promise<number>;

const GOAL_MS = 1_000;
const DASHBOARD_PAGE = "/api/dashboard?page=1&pageSize=50&sort=rank&order=asc";

export async function agencyRows(appUrl: string, load: Load, mustAnswer: MustAnswer, durationS: number, connections: number): Promise<TableRow[]> {
  const headers = { Cookie: await agencySessionCookie() };
  const client = agencyConnectionId(0);
  const size = `${AGENCY_CONNECTIONS} connections × ${ASINS_PER_CONNECTION} ASINs`;
  const phases = [
    ["portfolio read (30 days), agency: all clients", `/api/portfolio?range=30d`],
    ["portfolio read (30 days), agency: drilled into one client", `/api/portfolio?range=30d&connection=${client}`],
    ["dashboard read, agency: first page of 50, all clients", DASHBOARD_PAGE],
    ["dashboard read, agency: first page of 50, connection filter", `${DASHBOARD_PAGE}&connection=${client}`],
  ] as const;
  const rows: TableRow[] = [];
  for (const [phase, path] of phases) {
    const bytes = await mustAnswer(`${appUrl}${path}`, headers);
    const row = latencyRow(`${phase} (${size})`, await load(phase, `${appUrl}${path}`, { duration: durationS, connections, headers }), GOAL_MS);
    row.figure += `; answer ${Math.round(bytes / 1024).toLocaleString("en")} KiB`;
    rows.push(row);
  }
  const page = await checkPortfolioPage(appUrl, headers.Cookie);
  rows.push({
    phase: `/portfolio in Chromium, agency (${size})`,
    figure: `${page.clientRows} client rows, ${page.brandRows} brand rows; shown ${page.msToTable} ms after navigation`,
    goal: `every client listed (${AGENCY_CONNECTIONS})`,
    pass: page.clientRows === AGENCY_CONNECTIONS,
  });
  return rows;
}
