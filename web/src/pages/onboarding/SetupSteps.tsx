const CONNECT = "Connect Seller Central";
const PREFERENCES = "Set your preferences";
const TRACK = "Track your catalog";

/**
 * The setup progress, with this page's step (the preferences) current. Connecting Seller Central
 * is listed, as done, only for an account that has connected: an email or demo account has not,
 * and connecting is optional for it (the page says so).
 */
export function SetupSteps({ connected }: { connected: boolean }) {
  const steps = connected ? [CONNECT, PREFERENCES, TRACK] : [PREFERENCES, TRACK];
  const currentStep = steps.indexOf(PREFERENCES) + 1;
  return (
    <div className="setup-steps">
      <p className="setup-steps__caption">
        Step {currentStep} of {steps.length}
      </p>
      <ol className="setup-steps__list" aria-label="Setup progress">
        {steps.map((label, index) => {
          const step = index + 1;
          const state = step < currentStep ? "complete" : step === currentStep ? "current" : "upcoming";
          return (
            <li
              key={label}
              className={`setup-steps__item setup-steps__item--${state}`}
              aria-current={state === "current" ? "step" : undefined}
            >
              <span className="setup-steps__marker" aria-hidden="true">
                {state === "complete" ? "✓" : step}
              </span>
              <span>
                {label}
                <span className="visually-hidden"> ({state})</span>
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
