import * as z from "./zod-jitless";
import { asinSchema } from "./lookup";
import { readMarketplaceCode } from "./marketplaces";
import { ACCOUNT_MARKETPLACES } from "./user-status";

/** GET /api/sp/catalog-item: shared by the Worker's validator and the /seller-central form. */
export const catalogItemQuerySchema = z.object({
  asin: asinSchema,
  marketplace: z
    .string({ error: "Marketplace is required" })
    .overwrite(readMarketplaceCode)
    .pipe(z.enum(ACCOUNT_MARKETPLACES, { error: `Marketplace must be one of ${ACCOUNT_MARKETPLACES.join(", ")}` }))
    .default("US")
    .meta({ example: "US" }),
  /** One of the workspace's seller connections; the first connected one by default. */
  connection: z.string().trim().min(1).max(64, { error: "At most 64 characters" }).optional(),
});
export type CatalogItemQuery = z.output<typeof catalogItemQuerySchema>;
