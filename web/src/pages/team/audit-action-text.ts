import type { AuditEntryView } from "@contract/workspaces";

/** What each recorded action is, in words: the log shows these, the CSV keeps the codes. */
const ACTION_TEXT: Record<string, string> = {
  "member.invite": "Invited a member",
  "member.invite_revoke": "Withdrew an invitation",
  "member.join": "Joined the workspace",
  "member.role": "Changed a member's role",
  "member.remove": "Removed a member",
  "member.leave": "Left the workspace",
  "key.create": "Created an API key",
  "key.rotate": "Rotated an API key",
  "key.revoke": "Revoked an API key",
  "connection.connect": "Connected a seller account",
  "connection.disconnect": "Disconnected a seller account",
  "connection.rename": "Renamed a seller account",
  "branding.update": "Changed the branding",
  "branding.logo.upload": "Uploaded a logo",
  "branding.logo.delete": "Removed the logo",
  "report_recipient.add": "Added a report recipient",
  "report_recipient.remove": "Removed a report recipient",
  "billing.checkout": "Started a checkout",
  "billing.portal": "Opened the billing portal",
  "billing.plan": "Changed plan",
  "workspace.create": "Created the workspace",
  "workspace.rename": "Renamed the workspace",
  "workspace.delete": "Deleted the workspace",
  "account.delete": "Deleted an account",
};

const capitalized = (value: unknown): string | null => (typeof value === "string" && value !== "" ? value[0]!.toUpperCase() + value.slice(1) : null);

/**
 * An audit entry's action as a person reads it, with the particulars that say most (the plan or
 * role it went from and to, the role invited as). An action this list does not know yet shows its code.
 */
export function auditActionText({ action, detail }: Pick<AuditEntryView, "action" | "detail">): string {
  const text = ACTION_TEXT[action] ?? action;
  const from = capitalized(detail.from);
  const to = capitalized(detail.to);
  if ((action === "billing.plan" || action === "member.role") && to) return from ? `${text}: ${from} → ${to}` : `${text}: ${to}`;
  const role = capitalized(detail.role);
  if (action === "member.invite" && role) return `${text} as ${role}`;
  const name = typeof detail.name === "string" && detail.name !== "" ? detail.name : null;
  if ((action === "key.create" || action === "key.revoke" || action === "connection.rename") && name) return `${text} (${name})`;
  return text;
}
