import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { channelSettings, json, pending, sequence } from "./fake-api";
import { openTab, panel, renderSettings } from "./settings-render";

const SLACK = "https://hooks.slack.com/services/T000/B000/XXXX";
const emailField = () => within(panel()).getByLabelText<HTMLInputElement>("Alert email address");
const urlField = () => within(panel()).getByLabelText<HTMLInputElement>("Webhook URL");
const button = (name: string) => within(panel()).getByRole<HTMLButtonElement>("button", { name });

async function renderChannels(routes: Parameters<typeof renderSettings>[0] = {}) {
  const rendered = await renderSettings(routes);
  await openTab(rendered.user, "Notifications");
  await within(panel()).findByRole("form", { name: "Alert channels" });
  return rendered;
}

/** PUT /api/settings/channels as the Worker answers it: the saved values (blank is none). */
const savedEcho = ({ body }: { body: unknown }) => {
  const { alertEmail, webhookUrl } = body as { alertEmail: string; webhookUrl: string };
  return Response.json(channelSettings({ alertEmail: alertEmail || null, webhookUrl: webhookUrl || null }));
};

describe("/settings Notifications: alert channels", () => {
  it("shows the saved address and URL, and whether a secret is set", async () => {
    await renderChannels({
      "GET /api/settings/channels": json(channelSettings({ alertEmail: "seller@example.com", webhookUrl: SLACK, webhookSecretSet: true })),
    });

    expect(emailField().value).toBe("seller@example.com");
    expect(emailField().type).toBe("email");
    expect(urlField().value).toBe(SLACK);
    expect(panel().textContent).toContain("A secret is set.");
    expect(button("Send test").disabled).toBe(false);
    expect(panel().textContent).toContain("A Slack or Discord webhook URL works as is");
  });

  it("says when this server cannot send email, and offers no test without a URL and a secret", async () => {
    await renderChannels({ "GET /api/settings/channels": json(channelSettings({ emailConfigured: false })) });

    expect(panel().textContent).toContain("Email sending is not set up on this server yet");
    expect(panel().textContent).toContain("No secret yet");
    expect(button("Send test").disabled).toBe(true);
  });

  it("a demo account: the address field is off and says why; the webhook stays open", async () => {
    const refusal = "A demo account sends no email: anyone can make one, so it cannot mail an address.";
    await renderChannels({ "GET /api/settings/channels": json(channelSettings({ alertEmailRefusal: refusal })) });

    expect(emailField().disabled).toBe(true);
    expect(panel().textContent).toContain(refusal);
    expect(urlField().disabled).toBe(false);
  });

  it("says which channel's latest alert did not get through, and why", async () => {
    await renderChannels({
      "GET /api/settings/channels": json(
        channelSettings({
          alertEmail: "seller@example.com",
          webhookUrl: SLACK,
          webhookSecretSet: true,
          deliveryProblems: [
            { channel: "webhook", status: "failed", detail: "HTTP status 410", refusedForGood: false, firedAt: "2026-11-22T02:30:04.000Z" },
            { channel: "email", status: "retrying", detail: "could not send", refusedForGood: false, firedAt: "2026-11-23T02:30:04.000Z" },
          ],
        }),
      ),
    });

    const notes = within(panel()).getAllByRole("status").map((note) => note.textContent);
    expect(notes).toContain("Your latest alert (fired 2026-11-22 02:30 UTC) could not be delivered to this webhook: HTTP status 410. Check the setting, then Send test.");
    expect(notes).toContain("Your latest alert (fired 2026-11-23 02:30 UTC) has not reached this address yet: could not send. It is being retried.");
  });

  it("says which report email did not get through, to whom, and whether it is retried", async () => {
    await renderChannels({
      "GET /api/settings/channels": json(
        channelSettings({
          alertEmail: "seller@example.com",
          reportProblems: [
            { kind: "weekly", recipient: "client@example.com", period: "2026-11-23", status: "failed", detail: "the email service's daily sending limit was reached", refusedForGood: false },
            { kind: "daily", recipient: null, period: "2026-11-24", status: "retrying", detail: "the email service failed (the service said: email sending is unavailable)", refusedForGood: false },
          ],
        }),
      ),
    });

    const notes = within(panel()).getAllByRole("status").map((note) => note.textContent);
    expect(notes).toContain("Your weekly report of 2026-11-23 could not be sent to client@example.com: the email service's daily sending limit was reached.");
    expect(notes).toContain("Your daily report of 2026-11-24 has not reached your alert email yet: the email service failed (the service said: email sending is unavailable). It is being retried.");
  });

  it("a refusal for good that names the address and what to do says each once", async () => {
    // The words the server records for a suppressed address (email-errors.ts): the service's code is kept as data, not shown.
    const refused = (to: string) =>
      `the email service no longer sends to ${to} because an earlier email to it bounced or was marked as spam. It is not tried again: check the address and save a working address`;
    await renderChannels({
      "GET /api/settings/channels": json(
        channelSettings({
          alertEmail: "seller@example.com",
          deliveryProblems: [{ channel: "email", status: "failed", detail: refused("seller@example.com"), refusedForGood: true, firedAt: "2026-11-22T02:30:04.000Z" }],
          reportProblems: [{ kind: "weekly", recipient: "client@example.com", period: "2026-11-23", status: "failed", detail: refused("client@example.com"), refusedForGood: true }],
        }),
      ),
    });

    const notes = within(panel()).getAllByRole("status").map((note) => note.textContent);
    expect(notes).toContain(`Your latest alert (fired 2026-11-22 02:30 UTC) could not be delivered: ${refused("seller@example.com")}.`);
    expect(notes).toContain(`Your weekly report of 2026-11-23 could not be sent: ${refused("client@example.com")}.`);
  });

  it("says the address once when the server marks a refusal for good, whatever the words", async () => {
    const reworded = "the email service refused seller@example.com for good (suppressed)";
    await renderChannels({
      "GET /api/settings/channels": json(
        channelSettings({
          alertEmail: "seller@example.com",
          deliveryProblems: [{ channel: "email", status: "failed", detail: reworded, refusedForGood: true, firedAt: "2026-11-22T02:30:04.000Z" }],
          reportProblems: [{ kind: "daily", recipient: null, period: "2026-11-24", status: "failed", detail: reworded, refusedForGood: true }],
        }),
      ),
    });

    const notes = within(panel()).getAllByRole("status").map((note) => note.textContent);
    expect(notes).toContain(`Your latest alert (fired 2026-11-22 02:30 UTC) could not be delivered: ${reworded}.`);
    expect(notes).toContain(`Your daily report of 2026-11-24 could not be sent: ${reworded}.`);
  });

  it("says nothing of deliveries when all got through", async () => {
    await renderChannels({ "GET /api/settings/channels": json(channelSettings({ alertEmail: "seller@example.com", webhookUrl: SLACK, webhookSecretSet: true })) });
    expect(panel().textContent).not.toContain("Your latest alert");
  });

  it("says a saved URL the server can no longer read, until it is saved again", async () => {
    const { user } = await renderChannels({
      "GET /api/settings/channels": json(channelSettings({ webhookUrlUnreadable: true, webhookSecretSet: true })),
      "PUT /api/settings/channels": savedEcho,
    });

    expect(within(panel()).getByRole("alert").textContent).toBe("The saved webhook URL cannot be read. Save it again.");
    expect(urlField().value).toBe("");

    await user.type(urlField(), SLACK);
    await user.click(button("Save channels"));

    expect(await within(panel()).findByText("Channels saved.")).toBeTruthy();
    expect(within(panel()).queryByRole("alert")).toBeNull();
  });

  it("saves the address and URL with PUT /api/settings/channels and says Channels saved.", async () => {
    const { api, user } = await renderChannels({ "PUT /api/settings/channels": savedEcho });

    await user.type(emailField(), "seller@example.com");
    await user.type(urlField(), SLACK);
    await user.click(button("Save channels"));

    expect(await within(panel()).findByText("Channels saved.")).toBeTruthy();
    const [put] = api.requests("PUT /api/settings/channels");
    expect(put?.body).toEqual({ alertEmail: "seller@example.com", webhookUrl: SLACK });
    expect(put?.headers.get("X-XSRF-TOKEN")).toBe("test-xsrf");
  });

  it("keeps what was typed while a save was on its way, unsaved, instead of the saved values", async () => {
    let answer: (response: Response) => void = () => undefined;
    const { api, user } = await renderChannels({ "PUT /api/settings/channels": () => new Promise<Response>((resolve) => (answer = resolve)) });

    await user.type(emailField(), "seller@example.com");
    await user.click(button("Save channels"));
    await user.type(urlField(), SLACK);
    answer(Response.json(channelSettings({ alertEmail: "seller@example.com", webhookUrl: null })));

    await within(panel()).findByRole("button", { name: "Save channels" });
    expect(urlField().value).toBe(SLACK);
    expect(emailField().value).toBe("seller@example.com");
    // Not "Channels saved.": the URL typed since is not saved yet.
    expect(within(panel()).queryByText("Channels saved.")).toBeNull();
    expect(api.requests("PUT /api/settings/channels").map(({ body }) => body)).toEqual([{ alertEmail: "seller@example.com", webhookUrl: "" }]);
  });

  it.each([
    ["Webhook URL", "http://example.com/hook", /https:\/\//],
    ["Alert email address", "not-an-address", /Enter a valid email address/],
  ])("checks %s with the shared schema before saving", async (label, value, message) => {
    const { api, user } = await renderChannels({ "PUT /api/settings/channels": savedEcho });
    const field = within(panel()).getByLabelText<HTMLInputElement>(label);

    await user.type(field, value);
    await user.click(button("Save channels"));

    expect(field.getAttribute("aria-invalid")).toBe("true");
    const described = field.getAttribute("aria-describedby")?.split(" ").map((id) => document.getElementById(id)?.textContent);
    expect(described?.some((text) => text && message.test(text))).toBe(true);
    expect(api.requests("PUT /api/settings/channels")).toEqual([]);

    await user.type(field, "x");
    expect(field.getAttribute("aria-invalid")).toBe("false");
  });

  it("shows the server's 422 message on its field", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const detail = [{ loc: ["json", "webhookUrl"], msg: "Webhook URL must be at most 2,048 characters", type: "too_big" }];
    const { user } = await renderChannels({ "PUT /api/settings/channels": json({ detail }, 422) });

    await user.type(urlField(), SLACK);
    await user.click(button("Save channels"));

    expect((await within(panel()).findByRole("alert")).textContent).toBe("Webhook URL must be at most 2,048 characters");
    expect(urlField().getAttribute("aria-invalid")).toBe("true");
    expect(urlField().value).toBe(SLACK);
  });

  it("keeps unsaved channel edits across tabs", async () => {
    const { user } = await renderChannels();
    await user.type(emailField(), "ops@example.com");

    await openTab(user, "Data Refresh");
    await openTab(user, "Notifications");

    expect(emailField().value).toBe("ops@example.com");
  });

  it("generates a secret and shows it once", async () => {
    const { api, user } = await renderChannels({
      "GET /api/settings/channels": json(channelSettings({ webhookUrl: SLACK })),
      "POST /api/settings/webhook-secret": json({ secret: "whsec_shown-once" }),
    });

    await user.click(button("Generate secret"));

    expect((await within(panel()).findByLabelText("New webhook secret")).textContent).toBe("whsec_shown-once");
    expect(panel().textContent).toContain("it will not be shown again");
    expect(panel().textContent).toContain("A secret is set.");
    expect(button("Send test").disabled).toBe(false);
    expect(api.requests("POST /api/settings/webhook-secret")[0]?.headers.get("X-XSRF-TOKEN")).toBe("test-xsrf");
  });

  it("shows why a secret could not be generated", async () => {
    const { user } = await renderChannels({
      "POST /api/settings/webhook-secret": json({ detail: "Webhook signing secrets cannot be stored on this server right now." }, 503),
    });

    await user.click(button("Generate secret"));

    expect((await within(panel()).findByRole("alert")).textContent).toBe("Webhook signing secrets cannot be stored on this server right now.");
  });

  it("sends a test and reports the receiver's answer", async () => {
    const { api, user } = await renderChannels({
      "GET /api/settings/channels": json(channelSettings({ webhookUrl: SLACK, webhookSecretSet: true })),
      "POST /api/settings/webhook-test": sequence(
        json({ ok: true, status: 200 }),
        json({ ok: false, status: 500, detail: "The webhook answered HTTP 500" }),
        pending(),
      ),
    });

    await user.click(button("Send test"));
    expect((await within(panel()).findByText(/^Test sent/)).textContent).toBe("Test sent: your endpoint answered HTTP 200.");

    await user.click(button("Send test"));
    expect((await within(panel()).findByRole("alert")).textContent).toBe("Test failed: The webhook answered HTTP 500");

    await user.click(button("Send test"));
    expect(button("Sending...").disabled).toBe(true);
    expect(api.requests("POST /api/settings/webhook-test")).toHaveLength(3);
  });

  it("shows a load failure with Try again", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { user } = await renderSettings({
      "GET /api/settings/channels": sequence(json({ detail: "Sign in again." }, 401), json(channelSettings({ alertEmail: "a@b.example" }))),
    });
    await openTab(user, "Notifications");

    expect((await within(panel()).findByRole("alert")).textContent).toContain("Sign in again.");
    await user.click(screen.getByRole("button", { name: "Try again" }));

    expect((await within(panel()).findByLabelText<HTMLInputElement>("Alert email address")).value).toBe("a@b.example");
  });
});
