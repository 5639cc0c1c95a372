import * as z from "../../openapi/zod";
import { giveBackFailedCompare, takeCompareLookups } from "../../compare/compare-lookups";
import { paidAsinsOf } from "../../compare/compare-receipt";
import { compareItems, compareOutage, compareRefusal } from "../../compare/compare-rules";
import { compareQuerySchema } from "../../compare/compare-query";
import { dataset } from "../dataset";
import { MOCK_ROWS_NOTE, SOURCE_LABEL, type ExportTable } from "../export-table";
import { amountCell } from "../../shared/money-text";
import { priceBasis } from "../price-basis";

/** GET /v1/compare's query, and the `exportReceipt` of the compare the file shows. */
const compareExportQuerySchema = z.intersection(compareQuerySchema, z.object({ receipt: z.string().max(4_000).optional() }));

/** The compare table as shown on /compare: one row per ASIN, in the order asked. */
export const compareExport = dataset({
  query: compareExportQuerySchema,
  needsAccount: false,
  refuse({ plan }, { asins, marketplace }) {
    const refusal = compareRefusal(plan, asins, marketplace);
    return refusal ? { status: 403, detail: refusal } : null;
  },
  // The query as GET /v1/compare reads it: the same ASINs and the same marketplace (a pasted URL's).
  async load({ c }, { asins, marketplace, receipt }) {
    const services = c.get("services");
    // The lookups GET /v1/compare takes, so the file is no way around the lookup limits; but the
    // compare on the screen paid for its ASINs already, and its receipt says which.
    const charge = await takeCompareLookups(c, asins, (payerKey) => paidAsinsOf(services, receipt, payerKey, marketplace));
    if (charge?.refusal) return { status: 429, detail: charge.refusal, retryAfterSeconds: charge.decision?.resetSeconds };
    const outcomes = await services.lookups.many(c.executionCtx, asins, marketplace);
    giveBackFailedCompare(c, charge, outcomes);
    // As GET /v1/compare answers: a file of error rows alone is no export.
    const outage = compareOutage(outcomes);
    if (outage) return { status: 503, ...outage };
    const items = compareItems(asins, outcomes);
    const table: ExportTable = {
      fileStem: `compare-${marketplace}`,
      title: `Compare: ${asins.length} ASIN${asins.length === 1 ? "" : "s"} in the ${marketplace} marketplace`,
      columns: ["ASIN", "Marketplace", "Title", "Category", "Rank", "Price", "Price is", "Currency", "Offers", "Rating", "Reviews", "Source", "As of (UTC)", "Error"],
      rows: items.map((item) =>
        item.ok
          ? [
              item.asin, marketplace, item.product.title, item.product.categoryPath.join(" > "), item.product.rank,
              amountCell(item.product.price?.amount, item.product.price?.currency), priceBasis(item.product), item.product.price?.currency, item.product.offers,
              item.product.rating, item.product.reviewCount,
              SOURCE_LABEL[item.product.source], item.product.refreshedAt, null,
            ]
          : [item.asin, marketplace, null, null, null, null, null, null, null, null, null, null, null, item.detail],
      ),
      notes: [
        "Rank is the Best Sellers Rank in the product's top-level category; lower is better.",
        "Source and As of give where each row's figures come from and when Amazon reported them: rank, price, rating and reviews alike.",
        "Price is says whether a price is the Buy Box's or, with no Buy Box winner, the lowest offer's.",
        ...(items.some((item) => item.ok && item.product.source === "mock") ? [MOCK_ROWS_NOTE] : []),
      ],
    };
    return table;
  },
});
