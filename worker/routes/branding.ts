import { createRoute } from "@hono/zod-openapi";
import * as z from "../openapi/zod";
import type { Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { currentWorkspace, requireAccount } from "../auth/session-middleware";
import { checkAccentColor, checkDisplayName, checkLogo, LOGO_MAX_BYTES, LOGO_TYPE_DETAIL, logoTypeOf } from "../branding/branding-rules";
import { type BrandingRecord, findLogo, loadBranding, saveBrandingText, saveLogo } from "../branding/branding-store";
import { deleteLogo, getLogo, putLogo } from "../branding/logo-bucket";
import type { BrandingResponse } from "../contract/branding";
import type { AppEnv } from "../env";
import { can } from "../workspaces/roles";
import { jsonBody } from "../openapi/responses";
import { createRouter } from "../openapi/router";
import { ApiError } from "../shared/api-error";
import { recipientRoutes } from "./report-recipients";
import { auditRequest } from "./request-audit";
import { brandingSchema, brandingUpdateSchema, logoParamsSchema } from "./schemas/branding";
import { badInput, errorAnswer, jsonAnswer, notSignedIn } from "./schemas/answers";

function requireEditor(c: Context<AppEnv>): string {
  const workspace = currentWorkspace(c);
  if (!can(workspace.role, "settings")) throw new ApiError(403, "forbidden", "Only an owner or admin of the workspace can change its branding.");
  return workspace.id;
}

const invalid = (field: string, msg: string) => new ApiError(422, "validation_failed", [{ loc: ["body", field], msg, type: "value_error" }]);

function view(c: Context<AppEnv>, branding: BrandingRecord, canEdit: boolean): BrandingResponse {
  const origin = c.get("services").config.siteOrigin;
  return {
    display_name: branding.displayName,
    accent_color: branding.accentColor,
    logo: branding.logo && { url: new URL(`/api/branding/logo/${branding.logo.id}`, origin).href, type: branding.logo.type, bytes: branding.logo.bytes },
    can_edit: canEdit,
  };
}

const signedIn = { tags: ["Branding"], middleware: requireAccount };
const brandingAnswer = jsonAnswer("The workspace's branding.", brandingSchema);
const notEditor = errorAnswer("Not an owner or admin of the workspace.");

const getRoute = createRoute({ ...signedIn, method: "get", path: "/", summary: "The workspace's report branding", responses: { 200: brandingAnswer, 401: notSignedIn } });

const putRoute = createRoute({
  ...signedIn,
  method: "put",
  path: "/",
  summary: "Set the display name and accent colour (null clears one, a field left out stays)",
  request: { body: jsonBody(brandingUpdateSchema) },
  responses: { 200: brandingAnswer, 400: errorAnswer("The body is not JSON."), 401: notSignedIn, 403: notEditor, 422: badInput },
});

const uploadRoute = createRoute({
  ...signedIn,
  method: "put",
  path: "/logo",
  summary: "Upload the logo: the raw PNG or SVG as the body, with its Content-Type (at most 256 kB)",
  description: "The bytes are checked for what they are (PNG signature; SVG root element, and no scripts, handlers or external references).",
  request: {
    body: {
      required: true,
      content: {
        "image/png": { schema: z.string().openapi({ format: "binary" }) },
        "image/svg+xml": { schema: z.string().openapi({ format: "binary" }) },
      },
    },
  },
  responses: {
    200: brandingAnswer,
    401: notSignedIn,
    403: notEditor,
    413: errorAnswer("Larger than 256 kB."),
    422: badInput,
  },
});

const deleteRoute = createRoute({
  ...signedIn,
  method: "delete",
  path: "/logo",
  summary: "Remove the logo",
  responses: { 200: brandingAnswer, 401: notSignedIn, 403: notEditor },
});

const logoRoute = createRoute({
  method: "get",
  path: "/logo/{logoId}",
  tags: ["Branding"],
  summary: "A workspace's logo, for its emails and PDFs (public: the id is unguessable and changes with every upload)",
  request: { params: logoParamsSchema },
  responses: {
    200: { description: "The image, served only as an image (nosniff, CSP default-src 'none').", content: { "image/png": { schema: z.string() }, "image/svg+xml": { schema: z.string() } } },
    404: errorAnswer("No workspace shows this logo now."),
    422: badInput,
  },
});

export const brandingRoutes = createRouter()
  .openapi(getRoute, async (c) => {
    c.header("Cache-Control", "private, no-store");
    const workspace = currentWorkspace(c);
    return c.json(view(c, await loadBranding(c.env.DB, workspace.id), can(workspace.role, "settings")), 200);
  })
  .openapi(putRoute, async (c) => {
    const workspaceId = requireEditor(c);
    const body = c.req.valid("json");
    const change: { displayName?: string | null; accentColor?: string | null } = {};
    if (body.display_name !== undefined) {
      const checked = body.display_name === null || body.display_name.trim() === "" ? null : checkDisplayName(body.display_name);
      if (checked && !checked.ok) throw invalid("display_name", checked.detail);
      change.displayName = checked ? checked.value : null;
    }
    if (body.accent_color !== undefined) {
      const checked = body.accent_color === null || body.accent_color.trim() === "" ? null : checkAccentColor(body.accent_color);
      if (checked && !checked.ok) throw invalid("accent_color", checked.detail);
      change.accentColor = checked ? checked.value : null;
    }
    await saveBrandingText(c.env.DB, workspaceId, change);
    await auditRequest(c, { workspaceId, action: "branding.update", detail: change });
    return c.json(view(c, await loadBranding(c.env.DB, workspaceId), true), 200);
  })
  .openapi(
    { ...uploadRoute, middleware: [requireAccount, logoBodyLimit()] },
    async (c) => {
      const workspaceId = requireEditor(c);
      // A body of another type is refused as such (415), before it is read.
      if (!logoTypeOf(c.req.header("Content-Type") ?? null)) throw new ApiError(415, "unsupported_media_type", LOGO_TYPE_DETAIL);
      const bytes = new Uint8Array(await c.req.arrayBuffer());
      const checked = checkLogo(bytes, c.req.header("Content-Type") ?? null);
      if (!checked.ok) throw invalid("logo", checked.detail);
      const logoId = crypto.randomUUID().replace(/-/g, "");
      await putLogo(c.env.BRANDING, workspaceId, logoId, bytes, checked.value);
      const replaced = await saveLogo(c.env.DB, workspaceId, { id: logoId, type: checked.value, bytes: bytes.byteLength });
      if (replaced) await deleteLogo(c.env.BRANDING, workspaceId, replaced);
      await auditRequest(c, { workspaceId, action: "branding.logo.upload", detail: { type: checked.value, bytes: bytes.byteLength } });
      return c.json(view(c, await loadBranding(c.env.DB, workspaceId), true), 200);
    },
  )
  .openapi(deleteRoute, async (c) => {
    const workspaceId = requireEditor(c);
    const replaced = await saveLogo(c.env.DB, workspaceId, null);
    if (replaced) await deleteLogo(c.env.BRANDING, workspaceId, replaced);
    await auditRequest(c, { workspaceId, action: "branding.logo.delete" });
    return c.json(view(c, await loadBranding(c.env.DB, workspaceId), true), 200);
  })
  .route("/recipients", recipientRoutes(requireEditor, (c) => currentWorkspace(c).id))
  .openapi(logoRoute, async (c) => {
    const { logoId } = c.req.valid("param");
    const found = await findLogo(c.env.DB, logoId);
    const bytes = found && (await getLogo(c.env.BRANDING, found.workspaceId, logoId));
    if (!found || !bytes) throw new ApiError(404, "not_found", "No workspace shows this logo now.");
    return c.body(bytes, 200, {
      "Content-Type": found.type,
      "X-Content-Type-Options": "nosniff",
      // An SVG opened on its own is a document: nothing in it may run or load (the API's own CSP is as strict).
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
      "Content-Disposition": "inline",
      // The id changes with every upload: a URL's bytes never change.
      "Cache-Control": "public, max-age=31536000, immutable",
    }) as never;
  });

/** The logo upload's own cap (the API's 64 kB one skips this path). */
function logoBodyLimit() {
  return bodyLimit({
    maxSize: LOGO_MAX_BYTES,
    onError: () => {
      throw new ApiError(413, "payload_too_large", `The logo is larger than ${LOGO_MAX_BYTES / 1024} kB.`);
    },
  });
}
