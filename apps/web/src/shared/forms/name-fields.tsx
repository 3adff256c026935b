import { NAME_MAX } from '@portal/contract';
import { useTranslation } from '@/shared/i18n/use-translation';
import { FORMS_NS } from './i18n';
import { TextField } from './text-field';
import type { FieldBinding } from './use-form';

/** First and last name, as every form that asks for a person's name has them. */
export function NameFields({
  firstName,
  lastName,
}: {
  firstName: FieldBinding;
  lastName: FieldBinding;
}) {
  const { t } = useTranslation(FORMS_NS);
  return (
    <>
      <TextField
        {...firstName}
        label={t('names.firstName')}
        name="firstName"
        autoComplete="given-name"
        maxLength={NAME_MAX}
      />
      <TextField
        {...lastName}
        label={t('names.lastName')}
        name="lastName"
        autoComplete="family-name"
        maxLength={NAME_MAX}
      />
    </>
  );
}
