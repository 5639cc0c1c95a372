import type { ContactMessage } from "../contract/contact";

export type EmailStatus = "not_configured" | "sent" | "failed";

/** Columns as in worker/db/schema.ts (contact_messages). */
const INSERT = `INSERT INTO contact_messages (id, name, company, email, message, email_status)
  VALUES (?, ?, ?, ?, ?, ?)`;
const SET_EMAIL_STATUS = "UPDATE contact_messages SET email_status = ? WHERE id = ?";

/** Stores one message in a single statement, so it is either all there or not at all. Returns its id. */
export async function storeContactMessage(db: D1Database, message: ContactMessage, emailStatus: EmailStatus): Promise<string> {
  const id = crypto.randomUUID();
  await db
    .prepare(INSERT)
    .bind(id, message.name, message.company ?? null, message.email, message.message, emailStatus)
    .run();
  return id;
}

export async function setEmailStatus(db: D1Database, id: string, status: EmailStatus): Promise<void> {
  await db.prepare(SET_EMAIL_STATUS).bind(status, id).run();
}
