import { describe, expect, it } from 'vitest';
import { signWebhook, WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TOLERANCE_SECONDS } from '../index';

describe('signWebhook', () => {
  it('signs "<t>.<body>" with HMAC-SHA256, as t=<seconds>,v1=<hex>', () => {
    // Pinned, so a change of scheme cannot pass unnoticed by the portal's verifier.
    expect(signWebhook('whsec_test', '{"id":"evt_1"}', 1_700_000_000)).toBe(
      't=1700000000,v1=c89214b5b5da833daed6f0b8c5bb6bd58cea9022bd80ccc78230f3942d632925',
    );
    expect(WEBHOOK_SIGNATURE_HEADER).toBe('X-Sandbox-Signature');
    expect(WEBHOOK_TOLERANCE_SECONDS).toBe(300);
  });

  it('changes with the body, the time and the secret', () => {
    const base = signWebhook('s', 'body', 1);
    expect(signWebhook('s', 'body!', 1)).not.toBe(base);
    expect(signWebhook('s', 'body', 2).split(',v1=')[1]).not.toBe(base.split(',v1=')[1]);
    expect(signWebhook('S', 'body', 1)).not.toBe(base);
  });

  it.each([-1, 1.5, Number.NaN])('refuses the timestamp %s', (timestamp) => {
    expect(() => signWebhook('s', 'body', timestamp)).toThrow(RangeError);
  });
});
