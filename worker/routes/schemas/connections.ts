import * as z from "../../openapi/zod";
import { ACCOUNT_MARKETPLACES } from "../../contract/account";
import { readMarketplaceCode } from "../../contract/marketplaces";
import { CONNECTION_NAME_MAX_LENGTH, type ConnectionList, type ConnectionStart } from "../../contract/connections";
import { requiredName } from "./required-name";

/** Request and response schemas of /api/connections, tied to contract/connections.ts by `satisfies`. */

export const connectionIdSchema = z.object({ id: z.string().max(64).openapi({ param: { name: "id", in: "path" } }) });

export const renameSchema = z.object({
  name: requiredName(CONNECTION_NAME_MAX_LENGTH, "Acme EU"),
});

export const startSchema = z.object({
  marketplace: z
    .string({ error: "Marketplace is required" })
    .overwrite(readMarketplaceCode)
    .pipe(z.enum(ACCOUNT_MARKETPLACES, { error: `Marketplace must be one of ${ACCOUNT_MARKETPLACES.join(", ")}` }))
    .openapi({ description: "A marketplace of the seller account's region: the consent page is that region's Seller Central." }),
});

export const connectionSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    sellingPartnerId: z.string(),
    region: z.enum(["na", "eu", "fe"]),
    status: z.enum(["connected", "disconnected", "demo"]),
    grantedAt: z.string().nullable(),
    renewalDueAt: z.string().nullable(),
    needsAttention: z.string().nullable(),
  })
  .openapi("SellerConnection");

export const connectionListSchema = z.object({
  connections: z.array(connectionSchema),
  beyondPlan: z.string().nullable().openapi({ description: "Set when more seller accounts are connected than the plan connects (after a downgrade; none is removed): what the user can do." }),
}) satisfies z.ZodType<ConnectionList>;
export const startAnswerSchema = z.object({ authUrl: z.string() }) satisfies z.ZodType<ConnectionStart>;
