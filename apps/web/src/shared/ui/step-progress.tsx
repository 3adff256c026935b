import './step-progress.css';

interface StepProgressProps {
  /** Names the progress landmark, e.g. "Registration progress". */
  label: string;
  /** What the progress says in words, e.g. "Registration Step 2 of 3". */
  text: string;
  /** The name of each numbered step. */
  steps: readonly string[];
  /** Read before a step's name, e.g. "Step 2:" (shown as the number alone). */
  stepLabel: (n: number) => string;
  /** The step shown, from 0. */
  current: number;
  /** Steps before the current one that can be gone back to, by their marker. */
  selectable?: readonly number[];
  onSelect?: (step: number) => void;
}

/**
 * A flow's numbered steps (DESIGN section 6): the current one marked for assistive technology
 * (aria-current="step"), the steps done marked as such, and the markers of the steps that can be
 * gone back to as buttons.
 */
export function StepProgress({
  label,
  text,
  steps,
  stepLabel,
  current,
  selectable = [],
  onSelect,
}: StepProgressProps) {
  return (
    <nav className="step-progress" aria-label={label}>
      <p className="step-progress__text">{text}</p>
      <ol className="step-progress__steps">
        {steps.map((name, index) => {
          const state = index < current ? 'done' : index === current ? 'current' : 'todo';
          const content = (
            <>
              <span className="step-progress__number" aria-hidden="true">
                {index + 1}
              </span>
              <span className="step-progress__name">
                <span className="visually-hidden">{stepLabel(index + 1)}</span> {name}
              </span>
            </>
          );
          return (
            <li
              key={name}
              className={`step-progress__step step-progress__step--${state}`}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              {state === 'done' && onSelect && selectable.includes(index) ? (
                <button
                  type="button"
                  className="step-progress__marker"
                  onClick={() => onSelect(index)}
                >
                  {content}
                </button>
              ) : (
                <span className="step-progress__marker">{content}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
