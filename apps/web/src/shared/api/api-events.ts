import { createEmitter } from '../lib/emitter';
import type { ServerFault } from './api-errors';

/** Calls that failed for real (network, HTTP 5xx); the layout shows the server-error overlay. */
export const serverFaults = createEmitter<ServerFault>();

/** The token was refused (20002); login is already cleared when this fires. */
export const unauthorized = createEmitter<void>();

/** The server answered a member call with the token: its idle window (6 h) starts again. */
export const tokenUsed = createEmitter<void>();
