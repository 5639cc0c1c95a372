/**
 * What a screen shows when its data did not load: the reason, and a way to ask again. `inline`
 * (a list inside a panel that says the rest): one line, and not an alert.
 */
export function LoadFailed({ message, onRetry, inline = false }: { message: string; onRetry(): void; inline?: boolean }) {
  const retry = (
    <button type="button" className="button button--secondary" onClick={onRetry}>
      Try again
    </button>
  );
  if (inline) {
    return (
      <p className="field-error">
        {message} {retry}
      </p>
    );
  }
  return (
    <div role="alert">
      <p className="field-error">{message}</p>
      {retry}
    </div>
  );
}
