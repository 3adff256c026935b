import type { CardSource, PaymentCard } from '@portal/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import { isApiError, type FieldError } from '@/shared/api/api-errors';
import { Form, FormStatus, SubmitButton } from '@/shared/forms/form';
import { serverFieldErrors } from '@/shared/forms/field-errors';
import { useForm } from '@/shared/forms/use-form';
import { Modal } from '@/shared/ui/modal';
import { useAddCard } from '../api/add-card';
import { useCardSaved } from '../api/cards';
import { CARDS_NS } from '../i18n';
import { CARD_FIELDS, EMPTY_CARD, checkCardForm } from '../lib/card-form';
import { outcomeOfAdd, outcomeOfError, type CardOutcome } from '../lib/card-outcome';
import { CardFields } from './card-fields';
import { CardOutcomeModal } from './card-outcome-modal';

/** The add-card payload's paths that name a field of the form. */
const fieldErrorsOf = (fields: FieldError[] | undefined) =>
  serverFieldErrors(fields, CARD_FIELDS, { cardHolder: 'nameOnCard', expiryDate: 'expiry' });

interface AddCardDialogProps {
  source: CardSource;
  onClose: () => void;
  /** The card is saved (without 3-D Secure), e.g. to pick it for a payment at once. */
  onAdded?: ((card: PaymentCard) => void) | undefined;
  successAction?: { label: string; onClick: () => void } | undefined;
}

/**
 * The add-card flow (spec section 4) in a dialog: the form, then the provider's checks and
 * encryption in this browser, then the outcome: Card added, the 3-D Secure prompt, Authentication
 * Failed (try again or cancel), or an error that leads back to the form as it was typed.
 */
export function AddCardDialog({ source, onClose, onAdded, successAction }: AddCardDialogProps) {
  const { t } = useTranslation(CARDS_NS);
  const add = useAddCard();
  const cardSaved = useCardSaved();
  const [outcome, setOutcome] = useState<CardOutcome | undefined>(undefined);
  const form = useForm(CARD_FIELDS, EMPTY_CARD, (values) => checkCardForm(values));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (add.isPending || !form.submit()) return;
    add.mutate(
      { card: form.values, source },
      {
        onSuccess: (result) => {
          // The security code is never kept longer than one attempt.
          form.setValue('cvv', '');
          setOutcome(outcomeOfAdd(result));
          if (result.status === 'added') {
            void cardSaved();
            onAdded?.(result.card);
          }
        },
        onError: (error) => {
          form.setValue('cvv', '');
          // A detail the provider found wrong (the name, the expiry): said on its field, the form
          // stays. Anything else (an unusable encryption or session) is an error to try again.
          const onFields = isApiError(error) ? fieldErrorsOf(error.fields) : {};
          if (Object.keys(onFields).length > 0) form.showServerErrors(onFields);
          else setOutcome(outcomeOfError(error));
        },
      },
    );
  };

  if (outcome) {
    return (
      <CardOutcomeModal
        outcome={outcome}
        onClose={onClose}
        onTryAgain={() => {
          // Authentication Failed starts again from an empty form; an error keeps what was typed.
          if (outcome.view === 'failed') form.reset();
          add.reset();
          setOutcome(undefined);
        }}
        successAction={successAction}
      />
    );
  }

  return (
    <Modal
      open
      title={t('form.title')}
      description={t('form.lead')}
      onOpenChange={() => {
        if (!add.isPending) onClose();
      }}
    >
      <Form onSubmit={onSubmit} busy={add.isPending}>
        <CardFields field={form.field} />
        <FormStatus>{add.isPending ? t('form.adding') : null}</FormStatus>
        <SubmitButton
          busy={add.isPending}
          after={
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                if (!add.isPending) onClose();
              }}
            >
              {t('form.cancel')}
            </button>
          }
        >
          {t('form.submit')}
        </SubmitButton>
      </Form>
    </Modal>
  );
}
