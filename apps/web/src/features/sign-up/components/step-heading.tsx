import { useEffect, useRef, type ReactNode } from 'react';

interface StepHeadingProps {
  children: ReactNode;
  /** Moved to when the step replaces another, so the member hears where they are. */
  focusOnMount: boolean;
}

export function StepHeading({ children, focusOnMount }: StepHeadingProps) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnMount) ref.current?.focus();
  }, [focusOnMount]);
  return (
    <h2 ref={ref} tabIndex={-1} className="sign-up__step-title">
      {children}
    </h2>
  );
}
