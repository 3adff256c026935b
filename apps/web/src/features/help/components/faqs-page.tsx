import '../help.css';
import type { Faq } from '@portal/contract';
import { useDeferredValue, useId, useState } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import { Link } from '@/shared/router';
import { paths } from '@/shared/config/paths';
import { useIssuer } from '@/shared/issuer/use-issuer';
import { PageTitle } from '@/shared/ui/page-title';
import { useFaqs } from '../api/get-faqs';
import { HELP_NS } from '../i18n';
import { filterFaqs, paragraphs } from '../lib/filter-faqs';

/** /faqs: the questions by category, a search field, and each answer behind its question. */
export function FaqsPage() {
  const { t } = useTranslation(HELP_NS);
  const { t: tp } = useTranslation('pages');
  const id = useId();
  const faqs = useFaqs(useIssuer());
  const [categoryId, setCategoryId] = useState('');
  const [keyword, setKeyword] = useState('');
  const deferredKeyword = useDeferredValue(keyword);
  const categories = faqs.data?.categories ?? [];
  const found = filterFaqs(faqs.data?.items ?? [], categoryId, deferredKeyword);
  const shownCategories = categories.filter((c) => found.some((f) => f.categoryId === c.id));

  return (
    <div className="page faqs">
      <PageTitle title={tp('faqs')} />
      <h1 id="page-title">{tp('faqs')}</h1>
      <p className="page__lead">{t('faqs.intro')}</p>

      <form
        className="faqs__search"
        role="search"
        aria-label={t('faqs.searchRegion')}
        onSubmit={(e) => e.preventDefault()}
      >
        <label htmlFor={`${id}-keyword`}>{t('faqs.searchLabel')}</label>
        <input
          id={`${id}-keyword`}
          type="search"
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
        />
      </form>

      {categories.length > 0 ? (
        <div className="faqs__categories" role="group" aria-label={t('faqs.categoriesLabel')}>
          {[{ id: '', title: t('faqs.allTopics') }, ...categories].map((category) => (
            <button
              key={category.id || 'all'}
              type="button"
              className="chip"
              aria-pressed={categoryId === category.id}
              onClick={() => setCategoryId(category.id)}
            >
              {category.title}
            </button>
          ))}
        </div>
      ) : null}

      <p role="status" className="faqs__count">
        {faqs.isPending
          ? t('faqs.loading')
          : faqs.isError
            ? t('faqs.loadFailed')
            : t('faqs.count', { count: found.length })}
      </p>

      {shownCategories.map((category) => (
        <section key={category.id} className="faqs__group" aria-labelledby={`${id}-${category.id}`}>
          <h2 id={`${id}-${category.id}`}>{category.title}</h2>
          {found
            .filter((faq) => faq.categoryId === category.id)
            .map((faq) => (
              <FaqItem key={faq.id} faq={faq} />
            ))}
        </section>
      ))}

      <p className="faqs__contact">
        {t('faqs.stillNeedHelp')} <Link to={paths.contactUs.getHref()}>{t('faqs.contactUs')}</Link>
      </p>
    </div>
  );
}

function FaqItem({ faq }: { faq: Faq }) {
  const { t } = useTranslation(HELP_NS);
  return (
    <details className="faq">
      <summary className="faq__question">{faq.question}</summary>
      <div className="faq__answer">
        {paragraphs(faq.answer).map((p, i) => (
          <p key={i}>{p}</p>
        ))}
        <p className="faq__link">
          <Link to={paths.faqDetail.getHref(faq.id)}>
            {t('faqs.permalink', { question: faq.question })}
          </Link>
        </p>
      </div>
    </details>
  );
}
