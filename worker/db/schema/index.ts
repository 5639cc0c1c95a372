/** The D1 tables, one file per area; drizzle.config.ts and every store read them from here. */
export * from "./lookup";
export * from "./contact";
export * from "./accounts";
export * from "./history";
export * from "./alerts";
export * from "./jobs";
export * from "./dashboard";
export * from "./api-keys";
export * from "./billing";
export * from "./attention";
export * from "./email-accounts";
export * from "./summaries";
export * from "./workspaces";
export * from "./workspace-members";
export * from "./branding";
export * from "./idempotency";
