import { z } from "./zod-jitless";

/** POST /api/billing/create-checkout. Only Pro is bought online; Enterprise is agreed with sales. */
export const checkoutRequestSchema = z.object({
  planId: z.literal("pro", { error: "Only the Pro plan can be bought online; Enterprise is agreed with sales (/contact)." }),
});
