import '../prebooking.css';
import { LOUNGE_STEPS } from '@portal/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/shared/ui/page-title';
import { StepProgress } from '@/shared/ui/step-progress';
import { PREBOOKING_NS } from '../i18n';

/**
 * A page of the lounge booking: its title and the 3-step progress (booking details, review
 * details, passes and payment); `step` 3 with `done` shows every step done (the result).
 */
export function PrebookingFrame({
  title,
  step,
  done = false,
  children,
}: {
  title: string;
  step: 1 | 2 | 3;
  done?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation(PREBOOKING_NS);
  const steps = t('progress.steps', { returnObjects: true }) as string[];
  return (
    <section className="page prebooking" aria-labelledby="prebooking-title">
      <PageTitle title={title} />
      <StepProgress
        label={t('progress.label')}
        text={t('progress.text', { n: step, total: LOUNGE_STEPS })}
        steps={steps}
        stepLabel={(n) => t('progress.step', { n })}
        current={done ? LOUNGE_STEPS : step - 1}
      />
      <h1 id="prebooking-title">{title}</h1>
      {children}
    </section>
  );
}
