-- The marketplaces a connected seller sells in, from SP-API Sellers getMarketplaceParticipations
-- at sign-in and on every reconnect: a JSON array of RankLayer codes (["US","CA"]). NULL: not
-- read yet (the seller's region's marketplaces are offered until it is). Additive only.
ALTER TABLE `seller_credentials` ADD `marketplaces` text;
