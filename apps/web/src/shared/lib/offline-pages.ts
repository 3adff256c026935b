import { paths } from '@/shared/config/paths';

/** Pages that show what the device keeps (the digital card): no offline or network-fault dialog. */
const OFFLINE_PAGES: ReadonlySet<string> = new Set([paths.membership.card.getHref()]);

export const worksOffline = (pathname: string): boolean => OFFLINE_PAGES.has(pathname);
