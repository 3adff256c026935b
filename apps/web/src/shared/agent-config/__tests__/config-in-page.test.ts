import { FIRST_SCREEN_CONFIG_ELEMENT } from '@portal/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { configInPage } from '../config-in-page';

/** The page's data block as the server writes it. */
function writeBlock(issuer: string, text: string) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = FIRST_SCREEN_CONFIG_ELEMENT;
  block.dataset.issuer = issuer;
  block.textContent = text;
  document.head.append(block);
}

afterEach(() => document.getElementById(FIRST_SCREEN_CONFIG_ELEMENT)?.remove());

describe('configInPage', () => {
  it("reads the configuration the server put in the page, for the tab's issuer", () => {
    writeBlock('natwest', '{"channel":"natwest","bankName":"NatWest \\u003c/script>"}');
    expect(configInPage('natwest')).toEqual({
      channel: 'natwest',
      bankName: 'NatWest </script>',
    });
  });

  it("leaves another issuer's configuration to the call", () => {
    writeBlock('default', '{"channel":"default"}');
    expect(configInPage('natwest')).toBeUndefined();
  });

  it('leaves a page without one, or with an unreadable one, to the call', () => {
    expect(configInPage('default')).toBeUndefined();
    writeBlock('default', '{"channel":');
    expect(configInPage('default')).toBeUndefined();
    document.getElementById(FIRST_SCREEN_CONFIG_ELEMENT)?.remove();
    writeBlock('default', '');
    expect(configInPage('default')).toBeUndefined();
  });
});
