import '../prebooking.css';
import type { ReactNode } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import { Navigate, useSearchParams } from '@/shared/router';
import { PageTitle } from '@/shared/ui/page-title';
import { StepProgress } from '@/shared/ui/step-progress';
import { PREBOOKING_NS } from '../i18n';
import type { BookingFlow } from '../lib/flows';

/**
 * A page of a booking flow: its title and the flow's progress (a lounge's 3 steps: booking
 * details, review details, passes and payment; a lane's 4: booking details, passenger details,
 * review, payment); the last step with `done` shows every step done (the result).
 */
export function PrebookingFrame({
  flow,
  title,
  step,
  done = false,
  children,
}: {
  flow: BookingFlow;
  title: string;
  step: number;
  done?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation(PREBOOKING_NS);
  const [params] = useSearchParams();
  const steps = t(flow.stepNames, { returnObjects: true }) as string[];
  // ?currentStep=n opens step n when the booking has reached it, else the furthest it has.
  const asked = Number(params.get('currentStep') ?? NaN);
  if (flow.stepOverride && !done && Number.isInteger(asked) && asked >= 1) {
    const { pages, reached } = flow.stepOverride;
    const target = Math.min(asked, reached(params), pages.length);
    if (target !== step) return <Navigate to={pages[target - 1]!.getHref()} replace />;
  }
  return (
    <section className="page prebooking" aria-labelledby="prebooking-title">
      <PageTitle title={title} />
      <StepProgress
        label={t('progress.label')}
        text={t('progress.text', { n: step, total: flow.steps })}
        steps={steps}
        stepLabel={(n) => t('progress.step', { n })}
        current={done ? flow.steps : step - 1}
      />
      <h1 id="prebooking-title">{title}</h1>
      {children}
    </section>
  );
}
