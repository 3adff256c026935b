import { calls } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { issuerHomeConfig } from '../../platform/issuer-home-config';
import { maintenanceWindow } from '../../platform/maintenance';
import { registerCall } from '../../plugins/calls';

/** The channel's home page: the web decides from `maintenance` whether the ribbon shows now. */
export function registerAgentConfig(app: FastifyInstance): void {
  registerCall(app, calls.agentConfigV3, async ({ payload }) => ({
    ...issuerHomeConfig(payload.channel ?? 'default', app.env.SUPPORT_MAILBOX),
    maintenance: await maintenanceWindow(app.db),
    visaWidgetUrl: app.env.VISA_WIDGET_URL ?? null,
  }));
}
