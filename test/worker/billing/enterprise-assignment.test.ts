import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import billingDoc from "../../../docs/billing.md?raw";
import operationsDoc from "../../../docs/operations.md?raw";
import { planOfWorkspace } from "../../../worker/billing/user-plan";
import { freeBrowser, userIdOf } from "../history/accounts";

/** The Enterprise INSERTs the operator's pages tell them to run, with their `<…>` placeholders. */
function documentedInserts(markdown: string): string[] {
  return [...markdown.matchAll(/INSERT INTO enterprise_assignments[^`"]*/g)].map((match) => match[0].trim());
}

describe("assigning Enterprise by hand, as the docs say", () => {
  it.each([
    ["docs/billing.md", billingDoc],
    ["docs/operations.md", operationsDoc],
  ])("the statement in %s runs against the schema and makes the workspace Enterprise", async (_page, markdown) => {
    const [statement] = documentedInserts(markdown);
    expect(statement).toBeDefined();
    const workspaceId = userIdOf(await freeBrowser());
    // The placeholders: the workspace's id first, then the contract's note.
    const sql = statement!.replace(/'<[^>]*id[^>]*>'/, `'${workspaceId}'`).replace(/'<[^>]*>'/g, "'contract ref'");
    await env.DB.prepare(sql).run();
    expect((await planOfWorkspace(env.DB, workspaceId)).id).toBe("enterprise");
  });
});
