import * as z from "./zod-jitless";

/** POST /api/billing/create-checkout. Pro and Agency are bought online; Enterprise is agreed with sales. */
export const checkoutRequestSchema = z.object({
  planId: z.enum(["pro", "agency"], {
    error: "Only the Pro and Agency plans can be bought online; Enterprise is agreed with sales (/contact).",
  }),
});
