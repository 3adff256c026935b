import { FIRST_SCREEN_CONFIG_ELEMENT, type AgentConfig, type Issuer } from '@portal/contract';

/**
 * The channel's configuration the server wrote into the page (its data block), when it is the
 * issuer's this tab resolved: the first screen then needs no call for it (issue 23). Another
 * issuer's (the tab remembers one the address does not name), or none, or unreadable: undefined,
 * and the app calls as before.
 */
export function configInPage(issuer: Issuer, doc: Document = document): AgentConfig | undefined {
  const element = doc.getElementById(FIRST_SCREEN_CONFIG_ELEMENT);
  if (!element?.textContent || element.dataset.issuer !== issuer) return undefined;
  try {
    return JSON.parse(element.textContent) as AgentConfig;
  } catch {
    return undefined;
  }
}
