import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import type { ContactMessage } from "../contract/contact";
import { contactMessages } from "../db/schema";

export type EmailStatus = "not_configured" | "sent" | "failed";

/** Stores one message in a single statement, so it is either all there or not at all. Returns its id. */
export async function storeContactMessage(db: D1Database, message: ContactMessage, emailStatus: EmailStatus): Promise<string> {
  const id = crypto.randomUUID();
  await drizzle(db)
    .insert(contactMessages)
    .values({ id, name: message.name, company: message.company ?? null, email: message.email, message: message.message, emailStatus });
  return id;
}

export async function setEmailStatus(db: D1Database, id: string, status: EmailStatus): Promise<void> {
  await drizzle(db).update(contactMessages).set({ emailStatus: status }).where(eq(contactMessages.id, id));
}
