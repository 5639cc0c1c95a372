import { NO_CONTROL_CHARACTERS } from "./single-line";
import * as z from "./zod-jitless";

/** Length caps of the contact form, also set as maxLength on its inputs. */
export const CONTACT_LIMITS = { name: 100, company: 100, email: 254, message: 5_000 } as const;

/** Name and company go into email headers: a control character (CR, LF, TAB, …) is refused, never passed on. */
const singleLine = (label: string) => ({ error: `${label} must be one line of text without control characters` });

// The max message is a function so the number is formatted only when a field is too long: the first
// Intl call loads locale data, about 12 ms of a Worker start-up when it ran at module load.
function text(label: string, max: number) {
  return (
    z
      .string({ error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be text`) })
      .trim()
      // abort: a blank field is reported once, as missing.
      .min(1, { error: `${label} is required`, abort: true })
      .max(max, { error: () => `${label} must be at most ${max.toLocaleString("en-US")} characters` })
  );
}

/**
 * One definition of a contact message, used by POST /api/contact and by the form.
 * `website` is the honeypot: hidden from people, so only bots fill it in.
 */
export const contactSchema = z.object({
  name: text("Name", CONTACT_LIMITS.name).pipe(z.string().regex(NO_CONTROL_CHARACTERS, singleLine("Name"))),
  company: z
    .string({ error: "Company must be text" })
    .trim()
    .max(CONTACT_LIMITS.company, { error: `Company must be at most ${CONTACT_LIMITS.company} characters` })
    .regex(NO_CONTROL_CHARACTERS, singleLine("Company"))
    // A blank company is no company.
    .transform((value: string) => (value === "" ? undefined : value))
    .optional(),
  email: text("Email", CONTACT_LIMITS.email).pipe(z.email({ error: "Enter a valid email address" })),
  message: text("Message", CONTACT_LIMITS.message),
  website: z.string().optional(),
});

export type ContactInput = z.input<typeof contactSchema>;
export type ContactMessage = z.output<typeof contactSchema>;
