import { useId, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { useNavigate } from "react-router-dom";
import { CONTACT_LIMITS, contactSchema, type ContactInput } from "@contract/contact";
import { errorMessage } from "../../api/api-error";
import { fieldErrorsOf } from "../../api/field-errors";
import { sendContactMessage } from "../../api/site";
import "../../styles/contact.css";

const FIELDS = ["name", "company", "email", "message"] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

/** idle → sending → success (navigate) or error; a failed check shows the warning above the form. */
type FormState =
  | { view: "form"; invalid: Field[]; problems: string[] }
  | { view: "sending" }
  | { view: "error"; message: string };

const EMPTY: Values = { name: "", company: "", email: "", message: "" };
const FALLBACK_ERROR = "Failed to send message. Please try again.";
const FORM: FormState = { view: "form", invalid: [], problems: [] };

/** /contact: the partnership inquiry form. */
export function ContactPage() {
  const navigate = useNavigate();
  const [values, setValues] = useState<Values>(EMPTY);
  const [state, setState] = useState<FormState>(FORM);
  // The honeypot lives outside React state: people never see it, and it is sent as found.
  const honeypot = useRef<HTMLInputElement>(null);
  const id = useId();
  const fieldRefs = useRef<Partial<Record<Field, HTMLInputElement | HTMLTextAreaElement | null>>>({});

  function edit(event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) {
    const field = event.target.name as Field;
    setValues((current) => ({ ...current, [field]: event.target.value }));
    // The warning has done its job once the user starts correcting.
    if (state.view === "form" && state.problems.length > 0) setState(FORM);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const message: ContactInput = { ...values, website: honeypot.current?.value ?? "" };
    const checked = contactSchema.safeParse(message);
    if (!checked.success) {
      // Listed in the form's order: Return to Form focuses the first one.
      const errors = fieldErrorsOf(checked.error, FIELDS);
      const invalid = FIELDS.filter((field) => errors[field] !== undefined);
      setState({ view: "form", invalid, problems: invalid.flatMap((field) => errors[field] ?? []) });
      return;
    }
    setState({ view: "sending" });
    try {
      await sendContactMessage(message);
      navigate("/contact/success");
    } catch (error) {
      setState({ view: "error", message: errorMessage(error, FALLBACK_ERROR) });
    }
  }

  function returnToForm() {
    const firstInvalid = state.view === "form" ? state.invalid[0] : undefined;
    setState(FORM);
    fieldRefs.current[firstInvalid ?? "name"]?.focus();
  }

  if (state.view === "error") {
    return (
      <div className="container contact">
        <div className="card contact__card contact__card--error" role="alert">
          <h1>Something went wrong</h1>
          <p>{state.message}</p>
          <button type="button" className="button button--primary" onClick={() => setState(FORM)}>
            Try Again
          </button>
        </div>
      </div>
    );
  }

  const sending = state.view === "sending";
  const invalid = state.view === "form" ? state.invalid : [];
  const problems = state.view === "form" ? state.problems : [];
  const warningId = `${id}-warning`;
  const fieldProps = (field: Field) => ({
    id: `${id}-${field}`,
    name: field,
    value: values[field],
    onChange: edit,
    maxLength: CONTACT_LIMITS[field],
    disabled: sending,
    "aria-invalid": invalid.includes(field),
    "aria-describedby": invalid.includes(field) ? warningId : undefined,
    ref: (element: HTMLInputElement | HTMLTextAreaElement | null) => {
      fieldRefs.current[field] = element;
    },
  });

  return (
    <div className="container contact">
      <header className="contact__intro">
        <h1>Partner with RankLayer</h1>
        <p>
          Agencies, brands and tool builders: tell us what you have in mind. We answer every inquiry within one
          business day.
        </p>
      </header>

      {problems.length > 0 && (
        <div id={warningId} className="card contact__card contact__card--warning" role="alert">
          <h2>Please complete all required fields</h2>
          <p>Make sure your name, email, and message are entered correctly before submitting.</p>
          <ul>
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
          <button type="button" className="button button--secondary" onClick={returnToForm}>
            Return to Form
          </button>
        </div>
      )}

      {/* noValidate: the shared schema checks the fields, so blank-after-trim values are caught too. */}
      <form className="card contact__form" onSubmit={submit} noValidate aria-label="Partnership inquiry">
        <div className="field">
          <label htmlFor={`${id}-name`}>Name</label>
          <input {...fieldProps("name")} type="text" autoComplete="name" required />
        </div>
        <div className="field">
          <label htmlFor={`${id}-company`}>
            Company <span className="contact__optional">(optional)</span>
          </label>
          <input {...fieldProps("company")} type="text" autoComplete="organization" />
        </div>
        <div className="field">
          <label htmlFor={`${id}-email`}>Email</label>
          <input {...fieldProps("email")} type="email" autoComplete="email" required />
        </div>
        <div className="field">
          <label htmlFor={`${id}-message`}>Message</label>
          <textarea {...fieldProps("message")} rows={6} required />
        </div>
        {/* The honeypot: off-screen, hidden from assistive tech and out of the tab order; only bots fill it. */}
        <div className="contact__trap" aria-hidden="true" inert>
          <label htmlFor={`${id}-website`}>Website</label>
          <input ref={honeypot} id={`${id}-website`} name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
        <button type="submit" className="button button--primary contact__submit" disabled={sending}>
          {sending ? "Sending..." : "Send Message"}
        </button>
      </form>
    </div>
  );
}
