import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { storage } from '@/shared/storage/storage';

/**
 * The product a booking flow's first step books: the link's `code` (kept for the tab as
 * `loungeCode`, spec §5, on both flows), else the one kept, else the draft's.
 */
export function useBookingCode(draftCode: string | undefined): string | undefined {
  const [params] = useSearchParams();
  const given = params.get('code');
  useEffect(() => {
    if (given) storage.set('loungeCode', given);
  }, [given]);
  return given ?? storage.get('loungeCode') ?? draftCode;
}
