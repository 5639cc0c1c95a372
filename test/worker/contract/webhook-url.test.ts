import { describe, expect, it } from "vitest";
import { channelsUpdateSchema } from "../../../worker/contract/channels";
import { webhookUrlProblem } from "../../../worker/contract/webhook-url";

describe("webhookUrlProblem", () => {
  it.each([
    "https://hooks.slack.com/services/T000/B000/XXXX",
    "https://example.com:443/hook",
    "https://discord.com/api/webhooks/1/abc",
    "https://hooks.zapier.com/hooks/catch/1/abc/",
    "https://xn--bcher-kva.example/hook",
    // A real name that starts with 0x: the URL parser has already turned every IPv4 form (0x7f000001, 0x7f.1) into digits.
    "https://0x.org/hook",
    "https://0xdeadbeef.example/hook",
  ])("accepts %s", (url) => {
    expect(webhookUrlProblem(url)).toBeNull();
  });

  it.each([
    // The cases reported: wildcard DNS, cloud metadata names, *.localhost, odd ports, userinfo.
    ["https://169.254.169.254.nip.io/latest/meta-data", /embeds an IP/],
    ["https://metadata.google.internal/computeMetadata/v1/", /local or internal/],
    ["https://foo.localhost:8877/hook", /port/],
    ["https://foo.localhost/hook", /local or internal/],
    ["https://example.com:22/", /port/],
    ["https://example.com:6379/", /port/],
    ["https://user:pass@example.com/", /user name or password/],
    ["https://user@example.com/", /user name or password/],
    // And the rest of the rules.
    ["http://example.com/hook", /https/],
    ["https://localhost/hook", /single-label|local/],
    ["https://intranet/hook", /single-label/],
    ["https://printer.local/hook", /local or internal/],
    ["https://1.0.0.127.in-addr.arpa/hook", /local or internal|embeds an IP/],
    ["https://api.test/hook", /local or internal/],
    ["https://10.0.0.1/hook", /IP address/],
    ["https://[::1]/hook", /IP address/],
    ["https://2130706433/hook", /IP address/],
    ["https://0x7f000001/hook", /IP address/],
    ["https://0x7f.1/hook", /IP address/],
    ["https://0177.0.0.1/hook", /IP address/],
    ["https://10-0-0-1.sslip.io/hook", /embeds an IP/],
    ["https://app.10.0.0.1.example.com/hook", /embeds an IP/],
    ["https://ip-192-168-1-1.example.com/hook", /embeds an IP/],
    ["https://x.lvh.me/hook", /embeds an IP/],
    ["not a url", /full https/],
  ])("refuses %s", (url, reason) => {
    expect(webhookUrlProblem(url)).toMatch(reason);
  });
});

describe("the channels schema", () => {
  it("refuses a URL against the rules with the rule's message, and keeps a good one", () => {
    const bad = channelsUpdateSchema.safeParse({ webhookUrl: "https://169.254.169.254.nip.io/x" });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe("Webhook URL must not be a name that embeds an IP address");
    expect(channelsUpdateSchema.parse({ webhookUrl: " https://hooks.slack.com/x " })).toEqual({ webhookUrl: "https://hooks.slack.com/x" });
    expect(channelsUpdateSchema.parse({ webhookUrl: "" })).toEqual({ webhookUrl: null });
  });
});
