-- When the account last signed out every other browser (Settings → Account): a browser's
-- known-accounts entry from before this no longer lets Amazon sign-in open the account there
-- (worker/auth/known-browser.ts). Null: never.
ALTER TABLE `users` ADD `known_browsers_reset_at` text;
