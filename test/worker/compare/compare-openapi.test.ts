import { describe, expect, it } from "vitest";
import { compareRoutes } from "../../../worker/routes/v1-compare";
import { proBrowser } from "../history/accounts";
import { TestBrowser, demoEnv } from "../support/seller-browser";

describe("GET /api/v1/compare in the OpenAPI document", () => {
  it("documents the query, the compare body and the error answers", () => {
    const doc = compareRoutes.getOpenAPI31Document({ openapi: "3.1.0", info: { title: "RankLayer", version: "test" } });
    const get = doc.paths?.["/"]?.get;
    expect(get?.summary).toBe("Compare up to 10 ASINs side by side");
    expect(get?.parameters?.map((p) => ("name" in p ? [p.name, p.in] : null))).toEqual([
      ["asins", "query"],
      ["marketplace", "query"],
    ]);
    expect(Object.keys(get?.responses ?? {})).toEqual(["200", "401", "403", "422", "429", "503"]);
    expect(doc.components?.schemas).toHaveProperty("CompareResponse");
  });

  it("declares what a key request may answer on both operations: a wrong key, a disabled one, the hourly limit", () => {
    const doc = compareRoutes.getOpenAPI31Document({ openapi: "3.1.0", info: { title: "RankLayer", version: "test" } });
    for (const path of ["/", "/plan"]) expect(Object.keys(doc.paths?.[path]?.get?.responses ?? {}), path).toEqual(expect.arrayContaining(["401", "403", "429"]));
  });
});

describe("GET /api/v1/compare/plan", () => {
  it("tells the form what the caller's plan allows", async () => {
    const anonymous = await new TestBrowser(demoEnv()).request("/api/v1/compare/plan");
    expect(await anonymous.json()).toEqual({
      plan: "free", planName: "Free", compareLimit: 5, marketplaces: ["US"], historyDays: 7, exportsPerDay: 5,
    });
    const pro = await (await proBrowser()).request("/api/v1/compare/plan");
    expect(await pro.json()).toMatchObject({ plan: "pro", compareLimit: 10, historyDays: 90, exportsPerDay: null });
  });
});
