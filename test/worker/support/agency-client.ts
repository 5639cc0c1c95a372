import { env } from "cloudflare:test";
import { expect } from "vitest";
import type { ConnectionList } from "../../../worker/contract/connections";
import { connectSeller, consentAs, newSellingPartnerId, registerLwaClient, sellerEnv, TestBrowser } from "./seller-browser";

/**
 * An agency (several seller accounts, through an Enterprise assignment) signed in with its own
 * US seller, which connected a client's seller account beside it: both grants, the workspace and
 * each connection's id.
 */
export async function agencyWithClient() {
  const bindings = sellerEnv();
  await registerLwaClient(bindings);
  const agency = await connectSeller(new TestBrowser(bindings), { marketplace: "US" });
  const workspace = (await env.DB.prepare("SELECT id FROM users WHERE selling_partner_id = ?").bind(agency.sellingPartnerId).first<{ id: string }>())!.id;
  await env.DB.prepare("INSERT INTO enterprise_assignments (workspace_id, note) VALUES (?, 'test: several seller accounts')").bind(workspace).run();
  const started = await agency.browser.json("/api/connections/start", "POST", { marketplace: "US" });
  const clientSeller = newSellingPartnerId();
  const clientGrant = `Atzr|${crypto.randomUUID()}`;
  expect((await consentAs(agency.browser, (await started.json<{ authUrl: string }>()).authUrl, clientSeller, clientGrant)).status).toBe(302);
  const { connections } = await (await agency.browser.request("/api/connections")).json<ConnectionList>();
  const connectionOf = (seller: string) => connections.find((connection) => connection.sellingPartnerId === seller)!;
  return { bindings, agency, workspace, clientSeller, clientGrant, client: connectionOf(clientSeller), connectionOf };
}
