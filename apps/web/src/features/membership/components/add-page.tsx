import '../membership.css';
import { membershipNumberDigits, type MembershipToAdd } from '@portal/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import { Link } from '@/shared/router';
import { isApiError } from '@/shared/api/api-errors';
import { paths } from '@/shared/config/paths';
import { checkRules } from '@/shared/forms/field-errors';
import { membershipNumberError } from '@/shared/forms/field-rules';
import { Form, FormStatus, SubmitButton } from '@/shared/forms/form';
import { MembershipNumberField } from '@/shared/forms/membership-number-field';
import { useForm } from '@/shared/forms/use-form';
import { formatDay } from '@/shared/lib/format-dates';
import { useWait } from '@/shared/lib/use-countdown';
import { MembershipCard } from '@/shared/membership/membership-card';
import { PageTitle } from '@/shared/ui/page-title';
import { WaitPanel } from '@/shared/verification/wait-panel';
import { useAddMembership, useCheckMembershipNumber } from '../api/membership';
import { MEMBERSHIP_NS } from '../i18n';

const FIELDS = ['dpid'] as const;
/** Three wrong numbers lock adding for 5 minutes (spec section 9), unless the server says. */
const LOCK_SECONDS = 300;

/**
 * /membership/add: the number is checked (check-dragonCard) and its card shown; the member
 * confirms and it is added (add). The spec's number messages; three wrong numbers lock adding,
 * with the time left counting down.
 */
export function AddPage() {
  const { t } = useTranslation(MEMBERSHIP_NS);
  const { t: tp } = useTranslation('pages');
  const title = tp('membership.add');
  const check = useCheckMembershipNumber();
  const add = useAddMembership();
  const lock = useWait(LOCK_SECONDS);
  const locked = lock.secondsLeft > 0;
  const [preview, setPreview] = useState<MembershipToAdd | undefined>(undefined);
  const [added, setAdded] = useState<string | undefined>(undefined);
  const [refusal, setRefusal] = useState<string | undefined>(undefined);
  const form = useForm(FIELDS, { dpid: '' }, (values) =>
    checkRules(values, { dpid: membershipNumberError }),
  );

  const refused = (error: Error) => {
    if (isApiError(error, 'membershipNumberLocked')) lock.start(error.time);
    else if (isApiError(error, 'numberNotRecognised', 'membershipNotRecognised')) {
      form.showServerErrors({ dpid: error.message });
    } else if (isApiError(error, 'invalidRequest') && error.fields?.length) {
      form.showFieldErrors(error.fields);
    } else if (isApiError(error)) setRefusal(error.message);
    else setRefusal(t('loadFailed'));
  };

  const onCheck = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (locked || check.isPending) return;
    setRefusal(undefined);
    setAdded(undefined);
    const data = form.submit();
    if (!data) return;
    check.mutate(
      { dpid: membershipNumberDigits(data.dpid) },
      { onSuccess: setPreview, onError: refused },
    );
  };

  const onAdd = () => {
    if (!preview || add.isPending) return;
    setRefusal(undefined);
    add.mutate(
      { dpid: preview.dpid },
      {
        onSuccess: () => {
          setAdded(preview.dpid);
          setPreview(undefined);
          form.setValue('dpid', '');
        },
        onError: (error) => {
          setPreview(undefined);
          refused(error);
        },
      },
    );
  };

  return (
    <section className="page page--narrow membership" aria-labelledby="membership-add-title">
      <PageTitle title={title} />
      <h1 id="membership-add-title">{title}</h1>
      {added ? (
        <div className="notice notice--success" role="status">
          <p>{t('add.added', { last4: added.slice(-4) })}</p>
          <p>
            <Link to={paths.membership.list.getHref()}>{t('add.toList')}</Link>
          </p>
        </div>
      ) : null}
      {preview ? (
        <div className="membership__preview">
          <h2>{t('add.confirmTitle')}</h2>
          {/* Its expiry as the membership pages write dates ("31 Dec 2029"), not the MM/YY. */}
          <MembershipCard card={{ ...preview, expiry: formatDay(preview.expiresOn) }} />
          <div className="form__actions">
            <button
              type="button"
              className="button button--primary"
              aria-disabled={add.isPending || undefined}
              onClick={onAdd}
            >
              {t('add.confirm')}
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => setPreview(undefined)}
            >
              {t('add.change')}
            </button>
          </div>
          <FormStatus>{add.isPending ? t('add.adding') : null}</FormStatus>
        </div>
      ) : (
        <Form onSubmit={onCheck} busy={check.isPending}>
          <p className="form__intro">{t('add.lead')}</p>
          <MembershipNumberField
            {...form.field('dpid')}
            onChange={(dpid) => form.setValue('dpid', dpid)}
            label={t('add.label')}
            hint={t('add.hint')}
          />
          {locked ? (
            <WaitPanel
              title={t('add.lockTitle')}
              text={t('add.lockText')}
              timer={(time) => t('add.lockTimer', { time })}
              secondsLeft={lock.secondsLeft}
            />
          ) : null}
          <SubmitButton busy={locked || check.isPending}>{t('add.check')}</SubmitButton>
          <FormStatus>{check.isPending ? t('add.checking') : null}</FormStatus>
        </Form>
      )}
      {refusal ? (
        <p className="notice notice--error" role="alert">
          {refusal}
        </p>
      ) : null}
    </section>
  );
}
