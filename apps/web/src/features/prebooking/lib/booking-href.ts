import { paths } from '@/shared/config/paths';

/** The account's page of one booking. */
export const bookingHref = (bookingId: string) =>
  `${paths.account.bookingDetail.getHref()}?${new URLSearchParams({ bookingId })}`;
