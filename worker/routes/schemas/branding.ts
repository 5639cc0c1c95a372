import * as z from "../../openapi/zod";
import type { BrandingResponse } from "../../contract/branding";

/** Response and request schemas of /api/branding, tied to contract/branding.ts by `satisfies`. */
export const brandingSchema = z
  .object({
    display_name: z.string().nullable().openapi({ description: "\"Prepared by …\" on PDFs and the weekly report; null: RankLayer only." }),
    accent_color: z.string().nullable().openapi({ description: "#rrggbb for headings and the chart line; contrast with white at least 4.5:1." }),
    logo: z
      .object({ url: z.string(), type: z.enum(["image/png", "image/svg+xml"]), bytes: z.number().int() })
      .nullable()
      .openapi({ description: "The logo's public URL (unguessable, changes with each upload), for emails and PDFs." }),
    can_edit: z.boolean().openapi({ description: "The caller is an owner or admin of the workspace." }),
  })
  .openapi("Branding") satisfies z.ZodType<BrandingResponse>;

export const brandingUpdateSchema = z
  .object({
    display_name: z.string().max(200).nullable().optional(),
    accent_color: z.string().max(20).nullable().optional(),
  })
  .strict()
  .openapi("BrandingUpdate");

export const logoParamsSchema = z.object({ logoId: z.string().regex(/^[a-f0-9]{32}$/).openapi({ param: { name: "logoId", in: "path" } }) });
