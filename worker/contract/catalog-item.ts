import * as z from "zod/mini";
import { asinSchema } from "./lookup";
import { ACCOUNT_MARKETPLACES } from "./user-status";

/** GET /api/sp/catalog-item: shared by the Worker's validator and the /seller-central form. */
export const catalogItemQuerySchema = z.object({
  asin: asinSchema,
  marketplace: z._default(
    z.pipe(
      z.string({ error: "Marketplace is required" }).check(z.trim(), z.toUpperCase()),
      z.enum(ACCOUNT_MARKETPLACES, { error: `Marketplace must be one of ${ACCOUNT_MARKETPLACES.join(", ")}` }),
    ),
    "US",
  ),
});
export type CatalogItemQuery = z.output<typeof catalogItemQuerySchema>;
