import { calls, type AgentConfig, type Issuer } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { issuerHomeConfig } from '../../platform/issuer-home-config';
import { maintenanceWindow } from '../../platform/maintenance';
import { registerCall } from '../../plugins/calls';

/** The channel's home page: the web decides from `maintenance` whether the ribbon shows now. */
export async function agentConfigOf(app: FastifyInstance, channel: Issuer): Promise<AgentConfig> {
  return {
    ...issuerHomeConfig(channel, app.env.SUPPORT_MAILBOX),
    maintenance: await maintenanceWindow(app.db),
    visaWidgetUrl: app.env.VISA_WIDGET_URL ?? null,
  };
}

export function registerAgentConfig(app: FastifyInstance): void {
  registerCall(app, calls.agentConfigV3, ({ payload }) =>
    agentConfigOf(app, payload.channel ?? 'default'),
  );
}
