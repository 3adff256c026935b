import { useEffect } from 'react';
import { useSearchParams } from '@/shared/router';
import { storage } from '@/shared/storage/storage';

/**
 * The product a booking flow's first step books: the link's `code` (kept for the tab as
 * `loungeCode`, spec §5, on both flows), else the flow's own draft's, else the one kept (which
 * the other flow may have set since).
 */
export function useBookingCode(draftCode: string | undefined): string | undefined {
  const [params] = useSearchParams();
  const given = params.get('code');
  useEffect(() => {
    if (given) storage.set('loungeCode', given);
  }, [given]);
  return given ?? draftCode ?? storage.get('loungeCode');
}
