import type { Services } from "../services";
import { pingDatabase } from "../lookup/lookup-log-report-store";
import { withTimeout } from "../upstreams/http";
import { STATUS_COMPONENTS, overallStatus, type ComponentId, type ComponentReport, type StatusReport } from "../contract/status-components";
import { attentionByMarketplace, marketplaceReports } from "./marketplace-sources";
import { readServiceAttention, type AttentionRow } from "../attention/attention-store";
import { SPAPI_APP_KEY } from "../attention/app-attention";
import { emailSenderKey } from "../attention/email-sender-attention";
import { lastRunRegions } from "./run-results-store";
import { FAILURE_WINDOW_MINUTES, isFailing, productSourceRegionsStatus, readRecentLookups, readRecentLookupsPerMarketplace, regionReports } from "./product-source";

/** No single check may hold the status page up for longer than this. */
export const CHECK_TIMEOUT_MS = 2_000;

type CheckResult = Pick<ComponentReport, "status" | "detail" | "regions" | "marketplaces" | "lastRun">;
/** The attention rows, read at most once per status check however many checks ask for them. */
type ReadAttention = () => Promise<AttentionRow[]>;
type Check = (services: Services, attention: ReadAttention) => Promise<CheckResult>;

const OPERATIONAL: CheckResult = { status: "operational" };

const checks: Record<ComponentId, Check> = {
  // This answer is the proof that the Worker runs.
  api: async () => OPERATIONAL,
  cache: async ({ env }) => {
    await env.LOOKUP_CACHE.get("status:probe");
    return OPERATIONAL;
  },
  database: async ({ env }) => {
    await pingDatabase(env.DB);
    return OPERATIONAL;
  },
  rate_limiter: async ({ env }) => {
    const answer = await env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName("status:probe")).ping();
    if (answer !== "pong") throw new Error(`unexpected ping answer ${String(answer)}`);
    return OPERATIONAL;
  },
  product_source: async ({ env, config }, readAttention) => {
    const creatorsRegions = config.creatorsRegions;
    const regions = regionReports(creatorsRegions);
    const configured = regions.some((region) => region.mode === "live");
    const attention = configured ? attentionByMarketplace(await readAttention(), creatorsRegions) : {};
    const perMarketplace = configured ? await readRecentLookupsPerMarketplace(env.DB) : new Map();
    const marketplaces = marketplaceReports(creatorsRegions, attention, (marketplace) => {
      const recent = perMarketplace.get(marketplace);
      return isFailing(recent) ? `${recent!.failures} lookups failed at Amazon in the last ${FAILURE_WINDOW_MINUTES} minutes (${recent!.liveSuccesses} answered live).` : null;
    });
    const status = productSourceRegionsStatus(regions, marketplaces, configured ? await readRecentLookups(env.DB) : { failures: 0, liveSuccesses: 0 });
    // A live source every one of whose live stores Amazon refuses for good is failing, not operational.
    const refused = marketplaces.filter((entry) => entry.mode === "needs_attention");
    const allRefused = refused.length > 0 && !marketplaces.some((entry) => entry.mode === "live");
    const withNote = refused.length
      ? { status: allRefused ? ("failing" as const) : status.status, detail: `${status.detail} Needs attention in ${refused.map((entry) => entry.marketplace).join(", ")}: Amazon refused the credential or the tag.` }
      : {};
    const lastRun = configured ? await lastRunRegions(env.DB) : null;
    return { ...status, ...withNote, marketplaces, ...(lastRun ? { lastRun } : {}) };
  },
  selling_partner: async ({ config }, readAttention) => {
    if (!config.sellingPartner) return { status: "not_active", detail: "Seller account connections are not enabled yet." };
    // Amazon refused the app's own credentials: every seller's data stops until the operator acts.
    const [refused] = (await readAttention()).filter((row) => row.scope === "app" && row.key === SPAPI_APP_KEY && row.setting === config.sellingPartner!.clientId);
    return refused ? { status: "failing", detail: `${refused.detail} Since ${refused.firstSeenAt}.` } : OPERATIONAL;
  },
  email: async ({ config }, readAttention) => {
    if (!config.alertEmail) {
      return { status: "not_active", detail: "Email is not set up (the ALERT_EMAIL binding and ALERT_EMAIL_FROM): sign-in by email, invitations, alerts and reports send nothing." };
    }
    // Email Service refused a sending address of today's settings (an address since changed is not today's problem).
    const usersKey = emailSenderKey(config.alertEmail.from);
    const keys = [usersKey, ...(config.contactEmail ? [emailSenderKey(config.contactEmail.from)] : [])];
    const refused = (await readAttention()).filter((row) => row.scope === "app" && keys.includes(row.key));
    if (refused.length === 0) return OPERATIONAL;
    // Only the contact form's sender refused: the users' own email still goes out.
    const usersMailRefused = refused.some((row) => row.key === usersKey);
    return { status: usersMailRefused ? "failing" : "degraded", detail: refused.map((row) => `${row.detail} Since ${row.firstSeenAt}.`).join(" ") };
  },
};

/** Runs every check at once; a check that fails or times out shows its component as degraded. */
export async function checkStatus(services: Services, timeoutMs = CHECK_TIMEOUT_MS): Promise<StatusReport> {
  let attention: Promise<AttentionRow[]> | undefined;
  const readAttention = () => (attention ??= readServiceAttention(services.env.DB));
  const components = await Promise.all(
    STATUS_COMPONENTS.map(async (component): Promise<ComponentReport> => {
      try {
        return { ...component, ...(await withTimeout(checks[component.id](services, readAttention), timeoutMs)) };
      } catch (error) {
        console.error(`status check ${component.id} failed`, error);
        return { ...component, status: "degraded", detail: "This check is failing; we are looking into it." };
      }
    }),
  );
  return { status: overallStatus(components), checkedAt: new Date().toISOString(), components };
}
