import type autocannon from 'autocannon';
import { inOwnProcess } from './own-process';

/**
 * autocannon with these options (data only: no callbacks), run in a process of its own so that
 * the bench's heap is not in its figures (own-process.ts).
 */
export function loadInOwnProcess(options: autocannon.Options): Promise<autocannon.Result> {
  return inOwnProcess(new URL('./load-process.ts', import.meta.url), options);
}
