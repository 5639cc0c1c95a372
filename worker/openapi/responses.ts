import { type OpenAPIHono } from "@hono/zod-openapi";
import * as z from "./zod";
import { PLANS } from "../contract/plans";
import { ERROR_CODES, type ErrorCode } from "../shared/api-error";

/**
 * The pieces every route declaration shares: the key scheme, the rate-limit headers, and the
 * one Error answer `{detail, code}` with the list of codes.
 */
export type OpenAPIRegistry = OpenAPIHono["openAPIRegistry"];

export const SECURITY_SCHEME = "apiKey";

/** A key, or nobody: public operations anyone may call, with a key's higher limits. */
export const KEY_OR_ANONYMOUS: Record<string, string[]>[] = [{ [SECURITY_SCHEME]: [] }, {}];
/** A key (or the web app's session): the account's own data. */
export const KEY_ONLY: Record<string, string[]>[] = [{ [SECURITY_SCHEME]: [] }];

type HeaderRef = { $ref: string };
const ref = (name: string): HeaderRef => ({ $ref: `#/components/headers/${name}` });

/**
 * The Error answer. Lazy, as every answer schema on the lookup path: answers are not validated,
 * only the OpenAPI document reads them, so a cold start does not build them.
 */
export const errorSchema = z.lazy(() => {
  const codes = Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]];
  const validationEntry = z.object({
    loc: z.array(z.union([z.string(), z.number()])).openapi({ example: ["query", "asin"] }),
    msg: z.string().openapi({ example: "ASIN must be 10 letters or digits" }),
    type: z.string().openapi({ example: "invalid_format" }),
  });
  return z
    .object({
      detail: z
        .union([z.string(), z.array(validationEntry)])
        .openapi({ description: "In words, for people; on 422, one `{loc, msg, type}` per bad value.", example: "Sign in first." }),
      code: z.enum(codes).openapi({ description: "Stable, for programs.", example: "unauthenticated" }),
    })
    .openapi("Error", {
      description: `Every error answer. The codes:\n${codes.map((code) => `- \`${code}\`: ${ERROR_CODES[code]}`).join("\n")}`,
    });
});

/** 10000 → "10,000", without toLocaleString: that starts ICU, about 10 ms of every cold start (registerShared runs at start-up). */
const thousands = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");

/** "Pro 1,000, Agency 5,000, Enterprise 10,000": each plan with API access and its hourly key requests. */
const KEY_ALLOWANCES = PLANS.filter((plan) => plan.apiRequestsPerHour !== null)
  .map((plan) => `${plan.name} ${thousands(plan.apiRequestsPerHour!)}`)
  .join(", ");

export function registerShared(registry: OpenAPIRegistry): void {
  registry.registerComponent("securitySchemes", SECURITY_SCHEME, {
    type: "http",
    scheme: "bearer",
    bearerFormat: "rl_live_ + 43 base62 characters",
    description:
      `An API key from Settings → API Access (${PLANS.filter((plan) => plan.apiRequestsPerHour !== null).map((plan) => plan.name).join(", ")}), sent as \`Authorization: Bearer rl_live_…\`. ` +
      `Key requests need no cookie and no XSRF token. Each account's keys share its plan's hourly requests (${KEY_ALLOWANCES}; an Enterprise agreement may set its own), ` +
      "as `RateLimit-Policy` says on every answer.",
  });
  const header = (description: string, example: string | number, type: "string" | "integer" = "string") => ({
    description,
    schema: { type, example },
  });
  registry.registerComponent(
    "headers",
    "RateLimit-Policy",
    header(
      "Each limit the answer counted against (IETF draft-ietf-httpapi-ratelimit-headers), named by its window, `q` its quota, `w` the window in seconds (none for a calendar month): " +
        `with a key \`"hour";q=1000;w=3600\` (the plan's: ${KEY_ALLOWANCES}); an anonymous lookup \`"minute";q=30;w=60\` or \`"month";q=100\`, whichever is closer to running out; a Free export \`"day";q=5;w=86400\`.`,
      '"hour";q=1000;w=3600',
    ),
  );
  registry.registerComponent("headers", "RateLimit", header('What is left of each of those limits, `r`, and the seconds until its window resets, `t`: `"hour";r=998;t=1800`.', '"hour";r=998;t=1800'));
  registry.registerComponent("headers", "Retry-After", header("Seconds to wait before trying again.", 1800, "integer"));
  registry.registerComponent("headers", "WWW-Authenticate", header("The Bearer challenge.", 'Bearer realm="ranklayer", error="invalid_token"'));
}

export const rateLimitHeaders = {
  "RateLimit-Policy": ref("RateLimit-Policy"),
  RateLimit: ref("RateLimit"),
};
export const retryAfter = { "Retry-After": ref("Retry-After") };

/** A JSON answer of a public (key) operation, with the rate-limit headers. */
export function ok<T extends z.ZodType>(description: string, schema: T, example?: unknown) {
  return {
    description,
    headers: rateLimitHeaders,
    content: { "application/json": { schema, ...(example === undefined ? {} : { example }) } },
  };
}

/** A required JSON request body. */
export function jsonBody<T extends z.ZodType>(schema: T) {
  return { required: true, content: { "application/json": { schema } } };
}

/** A JSON answer of a session route (no key, so no rate-limit headers). */
export function json<T extends z.ZodType>(description: string, schema: T) {
  return { description, content: { "application/json": { schema } } };
}

export const noContent = { description: "Done; no body.", headers: rateLimitHeaders };

/** An error answer: the Error schema, with any headers it carries. */
export function failure(description: string, headers: Record<string, HeaderRef> = {}) {
  return { description, headers, content: { "application/json": { schema: errorSchema } } };
}

const keyFailure = (description: string, extra: Record<string, HeaderRef> = {}) => failure(description, { ...rateLimitHeaders, ...extra });

/** The answers every key-authenticated operation may give besides its own. */
export const commonErrors = {
  401: keyFailure("No key or session, or a wrong or revoked key; `detail` says which.", { "WWW-Authenticate": ref("WWW-Authenticate") }),
  403: keyFailure("The account's plan does not allow this (a Free account's key is disabled), or a plan limit was reached."),
  422: failure("Bad input: `detail` lists each bad value."),
  429: keyFailure("Past the hourly limit of the account's keys.", retryAfter),
};

export const notFound = (what: string) => keyFailure(`No such ${what} on your account.`);

/** The answers of a session route that needs a signed-in user (and the XSRF token on writes). */
export const sessionErrors = {
  401: failure("Not signed in."),
  403: failure("The XSRF token is missing or wrong, or the plan does not allow this."),
  422: failure("Bad input: `detail` lists each bad value."),
};
