import '../help.css';
import { useTranslation } from '@/shared/i18n/use-translation';
import { Link, useSearchParams } from '@/shared/router';
import { paths } from '@/shared/config/paths';
import { useIssuer } from '@/shared/issuer/use-issuer';
import { PageTitle } from '@/shared/ui/page-title';
import { useFaqs } from '../api/get-faqs';
import { HELP_NS } from '../i18n';
import { paragraphs } from '../lib/filter-faqs';

/** /faqs/detail?id=: one question and its answer. */
export function FaqDetailPage() {
  const { t } = useTranslation(HELP_NS);
  const { t: tp } = useTranslation('pages');
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const faqs = useFaqs(useIssuer());
  const faq = faqs.data?.items.find((item) => item.id === id);
  const category = faqs.data?.categories.find((c) => c.id === faq?.categoryId);
  const title = faq?.question ?? (faqs.isPending ? tp('faqDetail') : t('faqDetail.notFoundTitle'));

  return (
    <article className="page page--narrow" aria-labelledby="page-title">
      <PageTitle title={title} />
      <p>
        <Link to={paths.faqs.getHref()}>{t('faqDetail.back')}</Link>
      </p>
      {category ? <p className="faq-detail__category">{category.title}</p> : null}
      <h1 id="page-title">{title}</h1>
      {faq ? (
        paragraphs(faq.answer).map((p, i) => <p key={i}>{p}</p>)
      ) : faqs.isPending ? null : (
        <p>{t('faqDetail.notFound')}</p>
      )}
    </article>
  );
}
