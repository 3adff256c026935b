import { confirmPasswordSchema, type ResultOf, type calls } from '@portal/contract';
import type { FormEvent } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import { isApiError } from '@/shared/api/api-errors';
import { CheckboxField, TICKED } from '@/shared/forms/checkbox-field';
import { checkRules, validate, type Validation } from '@/shared/forms/field-errors';
import { Form, FormStatus, SubmitButton } from '@/shared/forms/form';
import { FormError } from '@/shared/forms/form-error';
import { useForm } from '@/shared/forms/use-form';
import { useIssuer } from '@/shared/issuer/use-issuer';
import { useIssuerTermsHref } from '@/shared/legal/use-issuer-terms-href';
import { NewPasswordFields } from '@/shared/password/new-password-fields';
import { ExternalLink } from '@/shared/ui/external-link';
import { useCreateAndActive } from '../api/create-and-active';
import { SIGN_UP_NS } from '../i18n';
import { BackButton } from './back-button';
import { StepHeading } from './step-heading';

export type Registered = ResultOf<typeof calls.createAndActive>;

const FIELDS = ['password', 'confirmPassword', 'terms'] as const;
type Field = (typeof FIELDS)[number];
const PASSWORD_FIELDS = ['password', 'confirmPassword'] as const;
/** Refusals the form says in words; others end the session or interrupt. */
const SHOWN = ['numberInUse', 'emailRegistered', 'mobileRegistered'] as const;

/** The five password rules and their confirmation (section 5), and the terms agreed to. */
function checkPassword(values: Record<Field, string>): Validation<{ password: string }, Field> {
  const passwords = validate(confirmPasswordSchema, values, PASSWORD_FIELDS);
  const terms = checkRules(values, {
    terms: (value) => (value === TICKED ? undefined : 'terms-error-required'),
  });
  if (passwords.ok && terms.ok) return passwords;
  return {
    ok: false,
    errors: { ...(passwords.ok ? {} : passwords.errors), ...(terms.ok ? {} : terms.errors) },
  };
}

interface CreatePasswordStepProps {
  uuid: string;
  focusHeading: boolean;
  onCreated: (result: Registered) => void;
  onBack: () => void;
  onSessionTimeout: () => void;
  onUnexpected: (error: Error) => void;
}

/** Step 3: the password, shown against the rules as typed, and the issuer's terms agreed to. */
export function CreatePasswordStep({
  uuid,
  focusHeading,
  onCreated,
  onBack,
  onSessionTimeout,
  onUnexpected,
}: CreatePasswordStepProps) {
  const { t } = useTranslation(SIGN_UP_NS);
  const create = useCreateAndActive();
  const termsHref = useIssuerTermsHref(useIssuer());
  const form = useForm(FIELDS, { password: '', confirmPassword: '', terms: '' }, checkPassword);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    const data = form.submit();
    if (!data) return;
    create.mutate(
      { uuid, password: data.password },
      {
        onSuccess: onCreated,
        onError: (error) => {
          if (isApiError(error, 'sessionTimedOut', 'codeExpired')) onSessionTimeout();
          else if (isApiError(error, 'invalidRequest') && error.fields?.length) {
            form.showFieldErrors(error.fields);
          } else if (!isApiError(error, ...SHOWN)) onUnexpected(error);
        },
      },
    );
  };

  return (
    <>
      <StepHeading focusOnMount={focusHeading}>{t('password.title')}</StepHeading>
      <Form onSubmit={onSubmit} busy={create.isPending}>
        <p className="form__intro">{t('password.intro')}</p>
        <NewPasswordFields
          password={form.field('password')}
          confirm={form.field('confirmPassword')}
          passwordLabel={t('password.password')}
          confirmLabel={t('password.confirm')}
        />
        <CheckboxField
          {...form.field('terms')}
          name="terms"
          label={t('password.terms')}
          hint={<ExternalLink href={termsHref}>{t('password.readTerms')}</ExternalLink>}
        />
        <FormError error={isApiError(create.error, ...SHOWN) ? create.error : null} />
        <SubmitButton large busy={create.isPending} after={<BackButton onBack={onBack} />}>
          {t('password.submit')}
        </SubmitButton>
        <FormStatus>{create.isPending ? t('password.creating') : null}</FormStatus>
      </Form>
    </>
  );
}
