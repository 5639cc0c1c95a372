import type { OpenAPIHono, z } from "@hono/zod-openapi";
import { errorSchema, validationErrorSchema } from "./schemas";

/** Shared pieces of the document: the key scheme, the rate-limit headers and the error answers. */
export type OpenAPIRegistry = OpenAPIHono["openAPIRegistry"];

export const SECURITY_SCHEME = "apiKey";

const ref = (name: string) => ({ $ref: `#/components/headers/${name}` });

export function registerShared(registry: OpenAPIRegistry): void {
  registry.registerComponent("securitySchemes", SECURITY_SCHEME, {
    type: "http",
    scheme: "bearer",
    bearerFormat: "rl_live_ + 43 base62 characters",
    description:
      "An API key from Settings → API Access (Pro and Enterprise), sent as `Authorization: Bearer rl_live_…`. " +
      "Key requests need no cookie and no XSRF token. 1,000 requests per hour per account across its keys.",
  });
  const header = (description: string, example: string | number, type: "string" | "integer" = "string") => ({
    description,
    schema: { type, example },
  });
  registry.registerComponent("headers", "RateLimit-Policy", header('The hourly quota of the account\'s keys (IETF draft form): `"hourly";q=1000;w=3600`.', '"hourly";q=1000;w=3600'));
  registry.registerComponent("headers", "RateLimit", header('What is left of it and seconds until it resets: `"hourly";r=998;t=1800`.', '"hourly";r=998;t=1800'));
  registry.registerComponent("headers", "RateLimit-Limit", header("The limit of the current window.", 1000, "integer"));
  registry.registerComponent("headers", "RateLimit-Remaining", header("Requests left in the current window.", 998, "integer"));
  registry.registerComponent("headers", "RateLimit-Reset", header("Seconds until the window resets.", 1800, "integer"));
  registry.registerComponent("headers", "Retry-After", header("Seconds to wait before trying again.", 1800, "integer"));
  registry.registerComponent("headers", "WWW-Authenticate", header("The Bearer challenge.", 'Bearer realm="ranklayer", error="invalid_token"'));
}

export const rateLimitHeaders = {
  "RateLimit-Policy": ref("RateLimit-Policy"),
  RateLimit: ref("RateLimit"),
  "RateLimit-Limit": ref("RateLimit-Limit"),
  "RateLimit-Remaining": ref("RateLimit-Remaining"),
  "RateLimit-Reset": ref("RateLimit-Reset"),
};

const json = (schema: z.ZodType) => ({ "application/json": { schema } });

export function ok(description: string, schema: z.ZodType, example?: unknown) {
  return {
    description,
    headers: rateLimitHeaders,
    content: { "application/json": { schema, ...(example === undefined ? {} : { example }) } },
  };
}

export const noContent = { description: "Done; no body.", headers: rateLimitHeaders };

const error = (description: string, extra: Record<string, unknown> = {}) => ({
  description,
  headers: { ...rateLimitHeaders, ...extra },
  content: json(errorSchema),
});

/** The answers every key-authenticated operation may give besides its own. */
export const commonErrors = {
  401: error("No key or session, or a wrong or revoked key; `detail` says which.", { "WWW-Authenticate": ref("WWW-Authenticate") }),
  403: error("The account's plan does not allow this (a Free account's key is disabled), or a plan limit was reached."),
  422: { description: "Bad input.", content: json(validationErrorSchema) },
  429: error("Past the hourly limit of the account's keys.", { "Retry-After": ref("Retry-After") }),
};

export const notFound = (what: string) => error(`No such ${what} on your account.`);
