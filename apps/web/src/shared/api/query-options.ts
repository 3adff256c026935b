import type { CallDef, PayloadOf, ResultOf } from '@portal/contract';
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { callApi, callApiFile, type CallLike, type PayloadArgs } from './api-client';

/** The cache key of a call: its path and payload, so mutations can invalidate by the same key. */
export const callQueryKey = <C extends CallDef>(call: CallLike<C>, payload?: PayloadOf<C>) =>
  payload === undefined ? ([call.path] as const) : ([call.path, payload] as const);

/** Query options for a call, so a feature's hook is one line. */
export function callQueryOptions<C extends CallDef>(
  call: CallLike<C>,
  ...[payload]: PayloadArgs<C>
) {
  return queryOptions({
    queryKey: callQueryKey(call, payload),
    queryFn: ({ signal }) =>
      callApi<C>(call, ...([payload, { signal }] as unknown as PayloadArgs<C>)),
  });
}

/** Mutation options for a call; the variables are its payload. */
export function callMutationOptions<C extends CallDef>(call: CallLike<C>) {
  return mutationOptions<ResultOf<C>, Error, PayloadOf<C>>({
    mutationKey: [call.path],
    mutationFn: (payload) => callApi<C>(call, ...([payload] as unknown as PayloadArgs<C>)),
  });
}

/** Mutation options for a call that answers a file (a PDF, a calendar); the variables are its payload. */
export function callFileMutationOptions<C extends CallDef>(call: CallLike<C>) {
  return mutationOptions<Blob, Error, PayloadOf<C>>({
    mutationKey: [call.path],
    mutationFn: (payload) => callApiFile<C>(call, ...([payload] as unknown as PayloadArgs<C>)),
  });
}
