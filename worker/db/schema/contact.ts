import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdNow } from "./columns";

/** A message sent through /contact. Stored before the sender is told it arrived. */
export const contactMessages = sqliteTable(
  "contact_messages",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    company: text("company"),
    email: text("email").notNull(),
    message: text("message").notNull(),
    /** not_configured, sent or failed: the notification email, never the message itself. */
    emailStatus: text("email_status").notNull().default("not_configured"),
    createdAt: createdNow("created_at"),
  },
  (table) => [index("contact_messages_created_at_idx").on(table.createdAt)],
);
