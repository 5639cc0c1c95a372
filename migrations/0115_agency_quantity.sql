-- Agency plan (issue 28 point 5): a per-connection subscription's Stripe quantity and the id of the
-- subscription item it is on, as last read from Stripe, so /billing shows the count billed and
-- syncAgencyQuantity can change it without listing the subscription first.
ALTER TABLE `billing_subscriptions` ADD `quantity` integer;
--> statement-breakpoint
ALTER TABLE `billing_subscriptions` ADD `subscription_item_id` text;
--> statement-breakpoint
-- Which paid plan the subscription's price is (read at reconcile, where the price ids are known):
-- every subscription before this migration was Pro's.
ALTER TABLE `billing_subscriptions` ADD `paid_plan` text DEFAULT 'pro' NOT NULL CHECK (`paid_plan` IN ('pro', 'agency'));
