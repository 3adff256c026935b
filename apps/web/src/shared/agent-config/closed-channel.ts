import type { AgentConfig, Issuer } from '@portal/contract';
import { useIssuer } from '../issuer/use-issuer';
import { useAgentConfig } from './get-agent-config';

/** A closed channel: vm, or any whose configuration carries a customer notice. */
export const isClosedChannel = (issuer: Issuer, config: AgentConfig | undefined): boolean =>
  issuer === 'vm' || Boolean(config?.customerNotice);

/**
 * A closed channel shows only its customer notice and Contact Us; `contactEmail` is where its
 * members write, once the configuration is in.
 */
export function useClosedChannel(): { closed: boolean; contactEmail: string | undefined } {
  const issuer = useIssuer();
  const config = useAgentConfig().data;
  return {
    closed: isClosedChannel(issuer, config),
    contactEmail: config?.customerNotice?.contactEmail,
  };
}
