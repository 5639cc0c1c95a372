-- Issue 24: the star rating (× 100) and ratings count of each point, from the Creators API's
-- customerReviews. Additive: older points read them as null.
ALTER TABLE `rank_points` ADD `rating` integer;--> statement-breakpoint
ALTER TABLE `rank_points` ADD `reviews` integer;