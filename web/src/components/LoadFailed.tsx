/** What a screen shows when its data did not load: the reason, and a way to ask again. */
export function LoadFailed({ message, onRetry }: { message: string; onRetry(): void }) {
  return (
    <div role="alert">
      <p className="field-error">{message}</p>
      <button type="button" className="button button--secondary" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
