import { useIssuer } from '../issuer/use-issuer';
import { useAgentConfig } from './get-agent-config';

/**
 * A closed channel (vm, or any whose configuration carries a customer notice) shows only that
 * notice and Contact Us; `contactEmail` is where its members write, once the configuration is in.
 */
export function useClosedChannel(): { closed: boolean; contactEmail: string | undefined } {
  const issuer = useIssuer();
  const notice = useAgentConfig().data?.customerNotice;
  return { closed: issuer === 'vm' || Boolean(notice), contactEmail: notice?.contactEmail };
}
