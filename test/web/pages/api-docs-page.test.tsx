import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderRoutes } from "../helpers";
import { connectedUser, fakeApi, json, SIGNED_OUT } from "../seller/fake-api";

const DOCUMENT = {
  openapi: "3.1.0",
  info: { title: "RankLayer API", version: "0.1.0" },
  tags: [{ name: "Products" }, { name: "Alerts" }],
  paths: {
    "/v1/lookup": {
      get: {
        operationId: "lookup",
        tags: ["Products"],
        summary: "Look up one ASIN",
        security: [{ apiKey: [] }, {}],
        parameters: [
          { name: "asin", in: "query", required: true, example: "B08N5WRWNW", description: "The ASIN, or a URL with `/dp/`.", schema: { type: "string" } },
          { name: "marketplace", in: "query", required: false, example: "US", schema: { type: "string", default: "US" } },
        ],
        responses: { "200": { description: "The product." }, "429": { description: "Past the limit: see `Retry-After`." } },
      },
    },
    "/v1/alerts/{id}": {
      delete: {
        operationId: "deleteAlert",
        tags: ["Alerts"],
        summary: "Delete an alert",
        security: [{ apiKey: [] }],
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
        responses: { "204": { description: "Done." } },
      },
    },
  },
};

describe("/docs/api", () => {
  it("renders every operation from /api/openapi.json with parameters, answers and key-placeholder examples", async () => {
    fakeApi({ "GET /api/user/status": json(SIGNED_OUT), "GET /api/openapi.json": json(DOCUMENT) });
    renderRoutes("/docs/api");

    const lookup = await screen.findByRole("article", { name: "GET /api/v1/lookup" });
    expect(within(lookup).getByRole("table", { name: "Parameters" }).textContent).toContain("asin (required)");
    expect(within(lookup).getByRole("table", { name: "Responses" }).textContent).toContain("429Past the limit: see Retry-After.");
    // The document's backticks are code, never shown as raw Markdown.
    expect(within(lookup).getByRole("table", { name: "Parameters" }).querySelector("td code")?.textContent).toBe("/dp/");
    expect(within(lookup).getByText("Retry-After").tagName).toBe("CODE");
    expect(lookup.textContent).not.toContain("`");
    const curl = within(lookup).getByLabelText("curl: GET /v1/lookup").textContent;
    expect(curl).toBe(
      `curl "${window.location.origin}/api/v1/lookup?asin=B08N5WRWNW&marketplace=US" \\\n  -H "Authorization: Bearer rl_live_YOUR_API_KEY"`,
    );
    expect(within(lookup).getByLabelText("fetch: GET /v1/lookup").textContent).toContain('Authorization: "Bearer rl_live_YOUR_API_KEY"');
    const remove = screen.getByRole("article", { name: "DELETE /api/v1/alerts/{id}" });
    expect(within(remove).getByLabelText("curl: DELETE /v1/alerts/{id}").textContent).toContain(`curl -X DELETE "${window.location.origin}/api/v1/alerts/YOUR_ID"`);
    // Signed out: no Try it.
    expect(screen.queryByRole("button", { name: /^Send / })).toBeNull();
    expect(screen.getByRole("link", { name: "Settings → API Access" }).getAttribute("href")).toBe("/settings");
  });

  it("lets a signed-in Pro user try an operation with their session", async () => {
    const api = fakeApi({
      "GET /api/user/status": json(connectedUser()),
      "GET /api/openapi.json": json(DOCUMENT),
      "GET /api/api-keys": json({ keys: [], maxKeys: 5, requestsPerHour: 1000, planName: "Pro", usedThisHour: 0 }),
      "GET /api/v1/lookup": json({ asin: "B08N5WRWNW", rank: 12 }),
    });
    const { user } = renderRoutes("/docs/api");
    const lookup = await screen.findByRole("article", { name: "GET /api/v1/lookup" });
    // Each operation's form is named after it, not one of many forms called "Try it".
    const tryIt = await within(lookup).findByRole("form", { name: "Try it: GET /api/v1/lookup" });
    await user.click(within(tryIt).getByRole("button", { name: "Send GET" }));
    await waitFor(() => expect(within(lookup).getByLabelText("Response body").textContent).toContain('"rank": 12'));
    expect(api.requests("GET /api/v1/lookup")[0]?.url.search).toBe("?asin=B08N5WRWNW&marketplace=US");
    expect(api.requests("GET /api/v1/lookup")[0]?.headers.get("Authorization")).toBeNull();
  });

  it("offers no Try it on a plan without API access", async () => {
    const api = fakeApi({
      "GET /api/user/status": json(connectedUser()),
      "GET /api/openapi.json": json(DOCUMENT),
      "GET /api/api-keys": json({ keys: [], maxKeys: 5, requestsPerHour: null, planName: "Free", usedThisHour: 0 }),
    });
    renderRoutes("/docs/api");
    await screen.findByRole("article", { name: "GET /api/v1/lookup" });
    await waitFor(() => expect(api.requests("GET /api/api-keys")).toHaveLength(1));
    expect(screen.queryByRole("button", { name: /^Send / })).toBeNull();
  });

  it("names every plan with API access and its hourly requests, not Pro's alone", async () => {
    fakeApi({ "GET /api/user/status": json(SIGNED_OUT), "GET /api/openapi.json": json(DOCUMENT) });
    renderRoutes("/docs/api");
    await screen.findByRole("article", { name: "GET /api/v1/lookup" });
    const auth = screen.getByRole("region", { name: "Authentication" }).textContent;
    expect(auth).toContain("(Pro, Agency and Enterprise plans)");
    const limits = screen.getByRole("region", { name: "Rate limits" }).textContent;
    expect(limits).toContain("Pro 1,000, Agency 5,000, Enterprise 10,000 requests per clock hour (UTC) per account");
    // Errors carry a stable code beside the detail, as docs/api.md says.
    expect(screen.getByRole("region", { name: "Lists and errors" }).textContent).toContain('{"detail": "…", "code": "…"}');
  });
});
