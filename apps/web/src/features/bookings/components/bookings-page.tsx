import '../bookings.css';
import type { BookingTab } from '@portal/contract';
import type { ReactNode } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import { useSearchParams } from '@/shared/router';
import { PageTitle } from '@/shared/ui/page-title';
import { Tabs } from '@/shared/ui/tabs';
import { useBookingList } from '../api/get-booking-list';
import { BOOKINGS_NS } from '../i18n';
import { BOOKING_TAB_ORDER, isBookingTab } from '../lib/booking-tabs';
import { BookingList } from './booking-list';
import { WaitlistSection } from './waitlist-section';

/**
 * /account/bookings?tab=past: the member's bookings in tabs, the tab kept in the address;
 * `vouchers`, the member's dining and spa vouchers above them, then their waiting lists.
 */
export function BookingsPage({ vouchers }: { vouchers?: ReactNode }) {
  const { t } = useTranslation(BOOKINGS_NS);
  const { t: tp } = useTranslation('pages');
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: BookingTab = isBookingTab(tabParam) ? tabParam : 'booked';
  const list = useBookingList(tab);
  const counts = list.data?.pages.at(-1)?.counts;
  const title = tp('account.bookings');

  const select = (next: BookingTab) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        copy.set('tab', next);
        return copy;
      },
      { replace: true, preventScrollReset: true },
    );

  return (
    <section className="bookings-page" aria-labelledby="page-title">
      <PageTitle title={title} />
      <h1 id="page-title">{title}</h1>
      {vouchers}
      <WaitlistSection />
      <Tabs
        label={t('tabs.label')}
        selected={tab}
        onSelect={select}
        tabs={BOOKING_TAB_ORDER.map((id) => ({
          id,
          label: counts
            ? t('tabs.withCount', { name: t(`tabs.${id}`), count: counts[id] })
            : t(`tabs.${id}`),
        }))}
      >
        <BookingList key={tab} tab={tab} list={list} />
      </Tabs>
    </section>
  );
}
