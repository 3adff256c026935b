import { describe, expect, it } from 'vitest';
import { callsWithExamples } from './call-examples';

describe('the API examples', () => {
  it.each(callsWithExamples().map(([call, example]) => [call.path, call, example] as const))(
    '%s: the payload and the result pass the call’s own schemas',
    (_path, call, example) => {
      expect(call.payload.safeParse(example.payload).error).toBeUndefined();
      expect(call.result.safeParse(example.result).error).toBeUndefined();
    },
  );
});
