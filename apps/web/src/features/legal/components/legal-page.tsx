import '../legal.css';
import type { ReactNode } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import { legalTextValues } from '@/shared/issuer/issuer-profiles';
import { useIssuer } from '@/shared/issuer/use-issuer';
import { PageTitle } from '@/shared/ui/page-title';
import type { LegalDocumentSource } from '../content/legal-document';
import { LEGAL_NS } from '../i18n';

const formatDate = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${iso}T00:00:00Z`),
  );

interface LegalPageProps {
  source: LegalDocumentSource;
  /** Shown under the title, e.g. the card type the terms are for. */
  subtitle?: ReactNode;
}

/** A legal document in the issuer's name: title, date, contents and numbered sections. */
export function LegalPage({ source, subtitle }: LegalPageProps) {
  const { t } = useTranslation(LEGAL_NS);
  const issuer = useIssuer();
  const values = legalTextValues(issuer);
  const doc = source({ ...values, bankPrefix: issuer === 'default' ? '' : `${values.bank} ` });
  return (
    <article className="page page--narrow legal" aria-labelledby="page-title">
      <PageTitle title={doc.title} />
      <h1 id="page-title">{doc.title}</h1>
      {subtitle}
      <p className="legal__updated">
        {t('legalPage.updated')} <time dateTime={doc.updated}>{formatDate(doc.updated)}</time>
      </p>
      {doc.intro.map((p) => (
        <p key={p} className="legal__intro">
          {p}
        </p>
      ))}
      <nav className="legal__contents" aria-labelledby="legal-contents">
        <h2 id="legal-contents">{t('legalPage.contents')}</h2>
        <ol>
          {doc.sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.heading.replace(/^\d+\.\s*/, '')}</a>
            </li>
          ))}
        </ol>
      </nav>
      {doc.sections.map((section) => (
        <section key={section.id} aria-labelledby={section.id}>
          <h2 id={section.id} tabIndex={-1}>
            {section.heading}
          </h2>
          {section.paragraphs.map((p) => (
            <p key={p}>{p}</p>
          ))}
          {section.list ? (
            <ul>
              {section.list.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}
    </article>
  );
}
