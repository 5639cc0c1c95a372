-- `a@example.com.` (a trailing dot for the DNS root) is the same mailbox as `a@example.com`, and
-- sign-in, invitations, report recipients and alert email now store it without the dot
-- (withoutRootDot, worker/contract/email-domain.ts). Rows stored with it lose it here.

-- A report recipient listed both ways: the plain row stays, confirmed if either was.
UPDATE report_recipients
SET confirmed_at = COALESCE(confirmed_at, (
  SELECT d.confirmed_at FROM report_recipients d
  WHERE d.workspace_id = report_recipients.workspace_id AND d.email = report_recipients.email || '.'
))
WHERE EXISTS (
  SELECT 1 FROM report_recipients d WHERE d.workspace_id = report_recipients.workspace_id AND d.email = report_recipients.email || '.'
);
DELETE FROM report_recipients
WHERE email LIKE '%.' AND email NOT LIKE '%..' AND EXISTS (
  SELECT 1 FROM report_recipients p WHERE p.workspace_id = report_recipients.workspace_id AND p.email = substr(report_recipients.email, 1, length(report_recipients.email) - 1)
);
UPDATE report_recipients SET email = substr(email, 1, length(email) - 1) WHERE email LIKE '%.' AND email NOT LIKE '%..';

UPDATE workspace_invitations SET email = substr(email, 1, length(email) - 1) WHERE email LIKE '%.' AND email NOT LIKE '%..';
UPDATE user_settings SET alert_email = substr(alert_email, 1, length(alert_email) - 1) WHERE alert_email LIKE '%.' AND alert_email NOT LIKE '%..';
UPDATE email_sign_in_requests SET email = substr(email, 1, length(email) - 1) WHERE email LIKE '%.' AND email NOT LIKE '%..';

-- An account's address takes the plain form, unless another account already has it: then both
-- accounts stay as they are (the dotted one no longer signs in by email), for support to merge on
-- the owner's request (docs/support/account-recovery.md#one-mailbox-two-accounts).
UPDATE OR IGNORE account_emails SET email = substr(email, 1, length(email) - 1) WHERE email LIKE '%.' AND email NOT LIKE '%..';
