-- The alert webhook URL, sealed like webhook_secret_ciphertext (a compact JWE, AES-256-GCM under
-- TOKEN_ENCRYPTION_KEYS, bound to the workspace id): a Slack or Discord incoming-webhook URL is itself
-- the credential. SQL cannot encrypt, so webhook_url keeps the plain URLs saved before this: they are
-- read as they are, and the nightly delivery pass seals them here and clears webhook_url
-- (worker/jobs/delivery/seal-webhook-urls.ts). Nothing writes a plain URL any more.
ALTER TABLE `user_settings` ADD `webhook_url_ciphertext` text;
