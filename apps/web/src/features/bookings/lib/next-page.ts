import type { Paged } from '@portal/contract';

/** The page after the last one loaded, while the server has more. */
export const nextPage = ({ page, pageSize, total }: Paged<unknown>): number | undefined =>
  page * pageSize < total ? page + 1 : undefined;
