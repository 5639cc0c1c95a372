import { beforeEach, describe, expect, it } from "vitest";
import type { WorkspaceList } from "../../../worker/contract/workspaces";
import { askForEmail, emailEnv, invitationTokenOf, secretsOf, signInByEmail } from "../support/email-accounts";
import { clearOfHourEnd } from "../support/minute-window";
import { TestBrowser } from "../support/seller-browser";
import { subscribeWorkspace } from "../support/workspace-plans";

/** An invitation to an internationalised domain: its Unicode form and its A-label are one address. */

const A_LABEL = "bea@xn--bcher-kva.example";

type Invitation = { id: string; email: string; role: string };

describe("inviting an address typed as Unicode or as its A-label", () => {
  beforeEach(() => clearOfHourEnd(), 30_000);

  it("is one invitation to one address, mailed to the A-label, which the account of either form accepts", async () => {
    const { bindings, sent } = emailEnv();
    const owner = new TestBrowser(bindings);
    await signInByEmail(owner, sent, "owner@forms.example");
    const created = await owner.json("/api/workspaces", "POST", { name: "Forms Agency" });
    expect(created.status, await created.clone().text()).toBe(201);
    await subscribeWorkspace((await created.json<WorkspaceList>()).current.id, "agency");
    // The invitee signs in with the Unicode form.
    const invitee = new TestBrowser(bindings);
    expect((await askForEmail(invitee, "Bea@B\u00fccher.example")).status).toBe(202);
    expect((await invitee.json("/api/signin/email/link", "POST", { token: secretsOf(sent, A_LABEL).token })).status).toBe(200);

    const first = await owner.json("/api/workspaces/invitations", "POST", { email: "bea@b\u00fccher.example", role: "admin" });
    expect(first.status, await first.clone().text()).toBe(201);
    expect(await first.json<Invitation>()).toMatchObject({ email: A_LABEL, role: "admin" });
    const second = await owner.json("/api/workspaces/invitations", "POST", { email: A_LABEL, role: "viewer" });
    expect(second.status).toBe(201);
    // The second replaced the first: one open invitation, so one seat.
    const open = await (await owner.request("/api/workspaces/invitations")).json<{ invitations: Invitation[] }>();
    expect(open.invitations.map((i) => [i.email, i.role])).toEqual([[A_LABEL, "viewer"]]);
    expect(sent.filter((m) => m.subject?.startsWith("Join ")).map((m) => m.to)).toEqual([A_LABEL, A_LABEL]);

    expect((await invitee.json("/api/workspaces/invitations/accept", "POST", { token: invitationTokenOf(sent, A_LABEL) })).status).toBe(200);
    const again = await owner.json("/api/workspaces/invitations", "POST", { email: "BEA@B\u00fcCHER.example", role: "viewer" });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ code: "conflict", detail: `${A_LABEL} is already a member of Forms Agency.` });
  });
});
