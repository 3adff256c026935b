import { Link } from '@/shared/router';
import { PageTitle } from '@/shared/ui/page-title';

/** An offer or voucher that cannot be shown: what happened, and the way on. */
export function OfferNotFound(props: { title: string; text: string; to: string; link: string }) {
  return (
    <section className="page page--narrow offer-page" aria-labelledby="page-title">
      <PageTitle title={props.title} />
      <h1 id="page-title">{props.title}</h1>
      <p>{props.text}</p>
      <p>
        <Link to={props.to}>{props.link}</Link>
      </p>
    </section>
  );
}
