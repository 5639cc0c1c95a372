import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdNow } from "./columns";
import { workspaceOwnerId } from "./workspaces";

/**
 * A user's Stripe customer and subscription, as last read from Stripe: one row per user.
 * The row exists from the first Checkout (customer created, no subscription yet) and stays
 * after the subscription ends, so the customer is reused and the portal keeps working.
 */
export const billingSubscriptions = sqliteTable(
  "billing_subscriptions",
  {
    workspaceId: workspaceOwnerId().primaryKey(),
    stripeCustomerId: text("stripe_customer_id").unique(),
    stripeSubscriptionId: text("stripe_subscription_id"),
    /** Stripe's subscription status (active, trialing, past_due, canceled, unpaid, …); null before any subscription. */
    status: text("status"),
    priceId: text("price_id"),
    /** The paid plan the subscription's price is: pro or agency (decided at reconcile from the price ids). */
    paidPlan: text("paid_plan", { enum: ["pro", "agency"] }).notNull().default("pro"),
    /** The subscription item's quantity: connected seller accounts on Agency, 1 on Pro; null before any. */
    quantity: integer("quantity"),
    /** The subscription item (si_…) whose quantity syncAgencyQuantity updates. */
    subscriptionItemId: text("subscription_item_id"),
    /** ISO time the current period ends (renewal, or the end when cancel_at_period_end). */
    currentPeriodEnd: text("current_period_end"),
    cancelAtPeriodEnd: integer("cancel_at_period_end", { mode: "boolean" }).notNull().default(false),
    /** ISO time the subscription is set to end (Stripe's cancel_at, or the period end when cancel_at_period_end). */
    cancelAt: text("cancel_at"),
    /** The hosted invoice page where the customer confirms a payment (3-D Secure); null when none is waiting. */
    paymentActionUrl: text("payment_action_url"),
    /** ISO time the state was last re-derived from Stripe's list of the customer's subscriptions. */
    syncedAt: text("synced_at"),
    /** `created` (epoch s) of the newest Stripe event applied: an older event never overwrites a newer state. */
    lastEventCreated: integer("last_event_created").notNull().default(0),
    /** A demo account's pretend subscription in billing mock mode: never a Stripe object. */
    isDemo: integer("is_demo", { mode: "boolean" }).notNull().default(false),
    updatedAt: createdNow("updated_at"),
  },
  (table) => [index("billing_subscriptions_subscription_idx").on(table.stripeSubscriptionId)],
);

/**
 * Each Stripe webhook event id once: a replayed or concurrent delivery of a handled event
 * changes nothing. A claim that was never completed (the handler died) can be taken again
 * once its lease has passed, so Stripe's retry repairs it.
 */
export const stripeEvents = sqliteTable(
  "stripe_events",
  {
    id: text("id").primaryKey(),
    type: text("type").notNull(),
    /** The event's own `created`, epoch seconds. */
    created: integer("created").notNull(),
    receivedAt: createdNow("received_at"),
    /** ISO time the handling finished; null while a handler holds (or held) the claim. */
    completedAt: text("completed_at"),
    /** Epoch ms until which an uncompleted claim belongs to the handler that took it. */
    leaseUntil: integer("lease_until").notNull().default(0),
  },
  (table) => [index("stripe_events_received_idx").on(table.receivedAt)],
);

/** Enterprise is agreed with sales and assigned by hand (an INSERT), never bought online. */
export const enterpriseAssignments = sqliteTable("enterprise_assignments", {
  workspaceId: workspaceOwnerId().primaryKey(),
  /** Who agreed it, the contract reference: for people, not read by the app. */
  note: text("note"),
  /** The account's API limit across its keys; null means the Enterprise default. */
  apiRequestsPerHour: integer("api_requests_per_hour"),
  assignedAt: createdNow("assigned_at"),
});
