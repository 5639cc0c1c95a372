-- When the session's person last proved it was them (a passkey or an emailed code asked for by a
-- sensitive action: worker/auth/recent-sign-in.ts). Null: never since it signed in, so its
-- created_at counts.
ALTER TABLE `sessions` ADD `verified_at` text;
