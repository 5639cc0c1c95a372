-- Issue 24: each point's star rating (× 100) and ratings count from the Creators API's
-- customerReviews, and whether its price is the lowest offer (no Buy Box winner). Additive:
-- older points read them as null.
ALTER TABLE `rank_points` ADD `rating` integer;--> statement-breakpoint
ALTER TABLE `rank_points` ADD `reviews` integer;--> statement-breakpoint
ALTER TABLE `rank_points` ADD `lowest` integer;