const STEPS = ["Connect Seller Central", "Set your preferences", "Track your catalog"] as const;
/** Onboarding is the second of the three setup steps. */
const CURRENT_STEP = 2;

/** The 3-step setup progress: step 1 done, step 2 here, step 3 upcoming. */
export function SetupSteps() {
  return (
    <div className="setup-steps">
      <p className="setup-steps__caption">
        Step {CURRENT_STEP} of {STEPS.length}
      </p>
      <ol className="setup-steps__list" aria-label="Setup progress">
        {STEPS.map((label, index) => {
          const step = index + 1;
          const state = step < CURRENT_STEP ? "complete" : step === CURRENT_STEP ? "current" : "upcoming";
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
