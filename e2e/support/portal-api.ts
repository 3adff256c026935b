import { API_PREFIX, type CallDef, type PayloadOf, type ResultOf } from '@portal/contract';
import { baseUrl } from './browser';

/**
 * Asks the running portal's API directly, as the page would: what the page shows is checked
 * against what the catalogue holds, not against numbers written into the test.
 */
export async function callPortal<C extends CallDef>(
  call: C,
  payload: PayloadOf<C>,
): Promise<ResultOf<C>> {
  const response = await fetch(`${baseUrl()}${API_PREFIX}${call.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', channel: 'ASE' },
    body: JSON.stringify(payload),
  });
  const body = (await response.json()) as { state: string; errorCode: string; result: unknown };
  if (body.state !== '1' && body.state !== '11') {
    throw new Error(`${call.path} answered ${body.errorCode}`);
  }
  return body.result as ResultOf<C>;
}
