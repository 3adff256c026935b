/**
 * Workers of the e2e run, each with a portal of its own (global-setup.ts): the journeys mostly
 * wait on the browser and the server, so two at once use the two cores' idle time.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
