import { OpenAPIHono } from "@hono/zod-openapi";
import { describe, expect, it } from "vitest";
import type { AppEnv } from "../../../worker/env";
import { accountRoutes } from "../../../worker/routes/account";
import { passkeyRoutes } from "../../../worker/routes/passkeys";
import { signInRoutes } from "../../../worker/routes/signin";

type Operation = { tags?: string[]; summary?: string; requestBody?: unknown; responses: Record<string, unknown> };

/** The declarations of issue 27's routes, mounted as app.ts mounts them. */
function operations() {
  const api = new OpenAPIHono<AppEnv>().route("/signin", signInRoutes).route("/passkeys", passkeyRoutes).route("/account", accountRoutes);
  const document = api.getOpenAPI31Document({ openapi: "3.1.0", info: { title: "t", version: "1" } });
  return Object.entries(document.paths ?? {}).flatMap(([path, methods]) =>
    Object.entries(methods as Record<string, Operation>).map(([method, operation]) => ({ key: `${method.toUpperCase()} ${path}`, operation })),
  );
}

describe("the sign-in, passkey and account routes' declarations", () => {
  it("document every operation, tagged and summarized, with 400 and 422 for every JSON body", () => {
    const all = operations();
    expect(all.map((o) => o.key).sort()).toEqual(
      [
        "POST /signin/email",
        "POST /signin/email/link",
        "POST /signin/email/code",
        "POST /signin/passkey/options",
        "POST /signin/passkey",
        "GET /passkeys",
        "POST /passkeys/registration/options",
        "POST /passkeys/registration",
        "PATCH /passkeys/{id}",
        "DELETE /passkeys/{id}",
        "GET /account",
        "POST /account/email",
        "POST /account/email/code",
        "POST /account/sign-out-others",
        "GET /account/export",
        "DELETE /account",
      ].sort(),
    );
    for (const { key, operation } of all) {
      expect(operation.tags, key).toHaveLength(1);
      expect(["Auth", "Account"], key).toContain(operation.tags![0]);
      expect(operation.summary, key).toBeTruthy();
      if (operation.requestBody) expect(Object.keys(operation.responses), key).toEqual(expect.arrayContaining(["400", "422"]));
    }
  });
});
