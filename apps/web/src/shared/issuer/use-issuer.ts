import type { Issuer } from '@portal/contract';
import { useStorageValue } from '../storage/use-storage-value';

export function useIssuer(): Issuer {
  return useStorageValue('issuer') ?? 'default';
}
