import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { buildServices, type Services } from "../../worker/services";
import { systemClock } from "../../worker/upstreams/creators/budgeted";
import { MockProductSource, mockProduct } from "../../worker/upstreams/creators/mock";
import { SellerApiError } from "../../worker/upstreams/spapi/seller-api";
import { MockBilling } from "../../worker/upstreams/stripe/mock";
import { StripeBilling } from "../../worker/upstreams/stripe/client";

type User = Parameters<Services["sources"]["seller"]>[0];
/** An account as the users table holds it; only its id, demo flag and seller id matter here. */
const user = (isDemo: boolean) => ({ id: crypto.randomUUID(), isDemo, sellingPartnerId: isDemo ? "DEMO" : "A1SELLER" }) as User;

const NA = { CREATORS_NA_CREDENTIAL_ID: "id", CREATORS_NA_CREDENTIAL_SECRET: "secret", CREATORS_US_PARTNER_TAG: "tag-20" };

describe("the composition root", () => {
  it("gives each marketplace the live source only where its region has credentials", () => {
    const { sources } = buildServices({ ...env, ...NA });
    expect(sources.product("US").kind).toBe("live");
    expect(sources.product("UK")).toBeInstanceOf(MockProductSource);
    expect(sources.isLive("US")).toBe(true);
    expect(sources.isLive("UK")).toBe(false);
    // One source for every marketplace is live only when every region is.
    expect(sources.product().kind).toBe("mock");
  });

  it("gives the nightly run, in a region without credentials, the mock of the run's own day", async () => {
    const { sourceFor } = buildServices(env).sources.nightlyRun(systemClock, "2026-05-04");
    const outcome = (await sourceFor("US").getItems(["B08N5WRWNW"], "US")).get("B08N5WRWNW");
    expect(outcome).toMatchObject({ ok: true, product: mockProduct("B08N5WRWNW", "US", "2026-05-04") });
  });

  it("bills through Stripe only with its secret key, and sends email only with a binding and a sender", () => {
    expect(buildServices(env).sources.billing()).toBeInstanceOf(MockBilling);
    expect(buildServices({ ...env, STRIPE_SECRET_KEY: "sk_test_x" }).sources.billing()).toBeInstanceOf(StripeBilling);
    expect(buildServices({ ...env, ALERT_EMAIL_FROM: "" }).sources.alertEmail()).toBeNull();
  });

  it("gives a demo account the mock seller API and a connected seller without a grant none", async () => {
    const services = buildServices(env);
    expect((await services.sources.seller(user(true))).kind).toBe("mock");
    await expect(services.sources.seller(user(false))).rejects.toBeInstanceOf(SellerApiError);
  });

  it("reads the deployment's limits and history layout once, from its vars", () => {
    const services = buildServices({ ...env, LOOKUP_LIMIT_PER_MINUTE: "7", HISTORY_SHARDS: "2", HISTORY_RESHARD_FROM: "4" });
    expect(services.quota.lookupLimits.perMinute).toBe(7);
    expect(services.history.layout).toEqual({ shards: 2, from: 4 });
  });
});
