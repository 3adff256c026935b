import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  clearMaintenanceWindow,
  DEFAULT_MAINTENANCE_MESSAGE,
  DEFAULT_MAINTENANCE_WINDOW,
  maintenanceWindow,
  setMaintenanceWindow,
} from '../../platform/maintenance';
import { opsDoc, type OpsAccessCheck } from './ops-auth';

const instant = z.iso.datetime({ offset: true });

export const maintenanceBody = z.union([
  z
    .object({
      from: instant,
      to: instant,
      message: z.string().trim().min(1).max(500).optional(),
    })
    .strict()
    .refine((w) => new Date(w.from) < new Date(w.to), {
      path: ['to'],
      message: 'must be after from',
    }),
  z.object({ clear: z.literal(true) }).strict(),
]);

async function current(app: FastifyInstance) {
  const window = await maintenanceWindow(app.db);
  const isDefault =
    window.from === DEFAULT_MAINTENANCE_WINDOW.from && window.to === DEFAULT_MAINTENANCE_WINDOW.to;
  return { maintenance: window, isDefault };
}

/** The maintenance ribbon's window: read, set, or back to the default. */
export function registerMaintenanceRoutes(app: FastifyInstance, onRequest: OpsAccessCheck): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/ops-api/maintenance',
    {
      onRequest,
      schema: opsDoc(
        'getMaintenance',
        "The maintenance ribbon's window, and whether it is the default.",
      ),
    },
    () => current(app),
  );

  api.put(
    '/ops-api/maintenance',
    {
      onRequest,
      schema: {
        ...opsDoc('setMaintenance', 'Sets the maintenance window and its message, or clears it.'),
        body: maintenanceBody,
      },
    },
    async (request) => {
      const body = request.body;
      if ('clear' in body) {
        await clearMaintenanceWindow(app.db);
      } else {
        await setMaintenanceWindow(
          app.db,
          { from: body.from, to: body.to, message: body.message ?? DEFAULT_MAINTENANCE_MESSAGE },
          app.clock.now(),
        );
      }
      const answer = await current(app);
      request.log.info({ maintenance: answer.maintenance }, 'maintenance window changed');
      return answer;
    },
  );

  api.delete(
    '/ops-api/maintenance',
    {
      onRequest,
      schema: opsDoc('resetMaintenance', 'Puts the maintenance window back to the default.'),
    },
    async (request) => {
      await clearMaintenanceWindow(app.db);
      request.log.info('maintenance window back to the default');
      return current(app);
    },
  );
}
