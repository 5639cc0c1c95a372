import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { configOf } from "../../worker/config";
import type { Bindings } from "../../worker/env";

const isSellingPartnerApiConfigured = (bindings: Partial<Bindings>) => configOf(bindings).sellingPartner !== null;
const isSellerSignInReady = (bindings: Partial<Bindings>) => configOf(bindings).sellerSignInReady;
const isDemoSignInAvailable = (bindings: Partial<Bindings>) => configOf(bindings).demoSignInAvailable;

const APP = { LWA_CLIENT_ID: "id", LWA_CLIENT_SECRET: "secret", SPAPI_APPLICATION_ID: "amzn1.sp.solution.x" };

describe("SP-API configuration", () => {
  it("counts as configured only with the LWA client and the application id", () => {
    expect(isSellingPartnerApiConfigured({ ...env, ...APP })).toBe(true);
    expect(isSellingPartnerApiConfigured(env)).toBe(false);
    for (const name of Object.keys(APP)) {
      expect(isSellingPartnerApiConfigured({ ...env, ...APP, [name]: "" })).toBe(false);
    }
  });

  it("offers seller sign-in only with the session secret and encryption keys as well", () => {
    const keys = { SESSION_SECRET: "s", TOKEN_ENCRYPTION_KEYS: "k:x" };
    expect(isSellerSignInReady({ ...env, ...APP, ...keys })).toBe(true);
    expect(isSellerSignInReady({ ...env, ...APP, ...keys, SESSION_SECRET: undefined })).toBe(false);
    expect(isSellerSignInReady({ ...env, ...APP, ...keys, TOKEN_ENCRYPTION_KEYS: undefined })).toBe(false);
    expect(isSellerSignInReady({ ...env, ...keys })).toBe(false);
  });

  it("offers demo sign-in without SP-API, or with DEMO_MODE=true", () => {
    expect(isDemoSignInAvailable(env)).toBe(true);
    expect(isDemoSignInAvailable({ ...env, ...APP })).toBe(false);
    expect(isDemoSignInAvailable({ ...env, ...APP, DEMO_MODE: "true" })).toBe(true);
    expect(isDemoSignInAvailable({ ...env, ...APP, DEMO_MODE: "yes" })).toBe(false);
  });
});
