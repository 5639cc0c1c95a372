/** What an action came to: a quiet status when it went through, an alert when it did not. */
export interface Outcome {
  ok: boolean;
  text: string;
}

export function OutcomeNote({ outcome }: { outcome: Outcome | null }) {
  if (outcome === null) return null;
  return (
    <p className={outcome.ok ? "seller-muted" : "field-error"} role={outcome.ok ? "status" : "alert"}>
      {outcome.text}
    </p>
  );
}
