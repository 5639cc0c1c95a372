-- A key whose maker's account was deleted lost its maker (api_keys.created_by ON DELETE SET NULL)
-- but was never revoked: it stayed listed as live on its workspace's API Access, holding a slot,
-- though no request could use it. Account deletion now revokes the keys its account made
-- (account-deletion-store.ts); this revokes the ones left by earlier deletions. Nothing else
-- clears created_by, so no working key is touched.
UPDATE `api_keys` SET `revoked_at` = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE `created_by` IS NULL AND `revoked_at` IS NULL;
