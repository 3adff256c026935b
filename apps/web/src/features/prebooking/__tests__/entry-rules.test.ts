import { ENTRY_WINDOWS } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import texts from '../locales/en-GB.json';

/** Booking Successful says the rule the documents and the desk use (issue 60, item 5). */
describe('the entry rule on Booking Successful', () => {
  it("of a lounge is the lounge's; of a fast-track lane, the lane's", () => {
    expect(texts.result.qrHint).toContain(ENTRY_WINDOWS.lounge.text);
    expect(texts.result.laneQrHint).toContain(ENTRY_WINDOWS['fast-track'].text);
    expect(texts.result.laneQrHint).not.toContain(ENTRY_WINDOWS.lounge.text);
  });
});
