import { ENTRY_WINDOWS } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import texts from '../locales/en-GB.json';

/** Each kind's booking page says the rule its documents and the desk use (issue 60, item 5). */
describe('the entry rule on a booking', () => {
  it("of a lounge is the lounge's; of a fast-track lane, the lane's", () => {
    expect(texts.detail.qrHintLounge).toContain(ENTRY_WINDOWS.lounge.text);
    expect(texts.detail.qrHintFastTrack).toContain(ENTRY_WINDOWS['fast-track'].text);
    expect(texts.detail.qrHintFastTrack).not.toContain(ENTRY_WINDOWS.lounge.text);
  });
});
