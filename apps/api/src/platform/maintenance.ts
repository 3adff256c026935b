import { MAINTENANCE_RIBBON_DEFAULT_FROM, MAINTENANCE_RIBBON_DEFAULT_TO } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../db/client';
import { settings } from '../db/schema';

const SETTINGS_KEY = 'maintenance-window';

export const DEFAULT_MAINTENANCE_MESSAGE =
  'We are carrying out planned maintenance. Some services may be slow or unavailable for short ' +
  'periods. We are sorry for any inconvenience.';

export const maintenanceWindowSchema = z.object({
  from: z.iso.datetime({ offset: true }),
  to: z.iso.datetime({ offset: true }),
  message: z.string().trim().min(1).max(500),
});
export type MaintenanceWindow = z.infer<typeof maintenanceWindowSchema>;

/** The window the spec names: 23 Jul 2025 to the end of 6 Aug 2025 (both days included). */
export const DEFAULT_MAINTENANCE_WINDOW: MaintenanceWindow = {
  from: `${MAINTENANCE_RIBBON_DEFAULT_FROM}T00:00:00Z`,
  to: `${MAINTENANCE_RIBBON_DEFAULT_TO}T23:59:59Z`,
  message: DEFAULT_MAINTENANCE_MESSAGE,
};

/** The operator's window if one is set, else the default. */
export async function maintenanceWindow(tx: Tx): Promise<MaintenanceWindow> {
  const [row] = await tx.select().from(settings).where(eq(settings.key, SETTINGS_KEY));
  const stored = maintenanceWindowSchema.safeParse(row?.value);
  return stored.success ? stored.data : DEFAULT_MAINTENANCE_WINDOW;
}

export async function setMaintenanceWindow(
  tx: Tx,
  window: MaintenanceWindow,
  now: Date,
): Promise<void> {
  const value = {
    from: new Date(window.from).toISOString(),
    to: new Date(window.to).toISOString(),
    message: window.message,
  };
  await tx
    .insert(settings)
    .values({ key: SETTINGS_KEY, value, updatedAt: now })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: now } });
}

/** Back to the default window. */
export async function clearMaintenanceWindow(tx: Tx): Promise<void> {
  await tx.delete(settings).where(eq(settings.key, SETTINGS_KEY));
}
