import { applyD1Migrations, env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { migrateBefore } from "../support/migrate-before";

/** Migrations 0115-0117 on a copy of the schema before them, with a paying Pro account in it. */
describe("migrations 0115-0117: Agency quantity, branding, report recipients", () => {
  beforeAll(async () => {
    await migrateBefore("0115");
    await env.DB.prepare("INSERT INTO users (id, selling_partner_id) VALUES ('u-pro', 'EMAIL-pro')").run();
    await env.DB.prepare(
      "INSERT INTO billing_subscriptions (workspace_id, stripe_customer_id, stripe_subscription_id, status, price_id) VALUES ('u-pro', 'cus_1', 'sub_1', 'active', 'price_pro')",
    ).run();
    await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
  });

  it("keeps every existing subscription as Pro, with no quantity until Stripe is next read", async () => {
    const row = await env.DB.prepare("SELECT status, price_id, paid_plan, quantity, subscription_item_id FROM billing_subscriptions WHERE workspace_id = 'u-pro'").first();
    expect(row).toEqual({ status: "active", price_id: "price_pro", paid_plan: "pro", quantity: null, subscription_item_id: null });
  });

  it("refuses a paid plan, colour or logo type outside the rules, and deletes branding with its workspace", async () => {
    await expect(env.DB.prepare("UPDATE billing_subscriptions SET paid_plan = 'enterprise'").run()).rejects.toThrow(/CHECK/);
    await expect(env.DB.prepare("INSERT INTO workspace_branding (workspace_id, accent_color) VALUES ('u-pro', 'red')").run()).rejects.toThrow(/CHECK/);
    await expect(env.DB.prepare("INSERT INTO workspace_branding (workspace_id, logo_type) VALUES ('u-pro', 'text/html')").run()).rejects.toThrow(/CHECK/);
    await env.DB.prepare("INSERT INTO workspace_branding (workspace_id, display_name, accent_color) VALUES ('u-pro', 'Acme', '#1d4ed8')").run();
    await env.DB.prepare("INSERT INTO report_recipients (workspace_id, email, token_hash) VALUES ('u-pro', 'a@example.com', 'h1')").run();
    await env.DB.prepare("DELETE FROM workspaces WHERE id = 'u-pro'").run();
    expect(await env.DB.prepare("SELECT count(*) AS n FROM workspace_branding").first("n")).toBe(0);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM report_recipients").first("n")).toBe(0);
  });
});
