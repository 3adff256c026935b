import type { ReactNode, Ref } from 'react';
import { PageTitle } from './page-title';

interface NarrowPageProps {
  /** The heading, and the document title before the site's suffix. */
  title: string;
  /** When the document title says it otherwise (before the site's suffix). */
  documentTitle?: string;
  /** The paragraph under the heading. */
  lead?: ReactNode;
  className?: string;
  busy?: boolean;
  /** For a page shown in place of what the member was using: focus can move to its heading. */
  headingRef?: Ref<HTMLHeadingElement>;
  children?: ReactNode;
}

/** A one-column page named by its heading: login, password and sign-up screens. */
export function NarrowPage({
  title,
  documentTitle = title,
  lead,
  className,
  busy,
  headingRef,
  children,
}: NarrowPageProps) {
  return (
    <section
      className={className ? `page page--narrow ${className}` : 'page page--narrow'}
      aria-labelledby="page-title"
      aria-busy={busy}
    >
      <PageTitle title={documentTitle} />
      <h1 id="page-title" ref={headingRef} tabIndex={headingRef ? -1 : undefined}>
        {title}
      </h1>
      {lead ? <p className="page__lead">{lead}</p> : null}
      {children}
    </section>
  );
}
