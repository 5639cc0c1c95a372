import { z } from "./zod-jitless";
import { asinSchema } from "./lookup";
import { ACCOUNT_MARKETPLACES } from "./user-status";

/** GET /api/sp/catalog-item: shared by the Worker's validator and the /seller-central form. */
export const catalogItemQuerySchema = z.object({
  asin: asinSchema,
  marketplace: z
    .string({ error: "Marketplace is required" })
    .trim()
    .toUpperCase()
    .pipe(z.enum(ACCOUNT_MARKETPLACES, { error: `Marketplace must be one of ${ACCOUNT_MARKETPLACES.join(", ")}` }))
    .default("US")
    .meta({ example: "US" }),
});
export type CatalogItemQuery = z.output<typeof catalogItemQuerySchema>;
