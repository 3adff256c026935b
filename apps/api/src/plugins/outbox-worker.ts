import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { purgeStaleAttempts } from '../platform/attempt-locks';
import {
  deliverDue,
  renderAttachments,
  type AttachmentRenderer,
  type OutboxFile,
  type OutboxRow,
  type Transports,
} from '../platform/outbox';

declare module 'fastify' {
  interface FastifyInstance {
    /** Delivers what is due now (the worker calls it on a timer; tests call it directly). */
    deliverOutbox(): Promise<number>;
    /** How each kind of attachment is made when a message is sent (modules register theirs). */
    outboxFiles: {
      register(kind: string, render: AttachmentRenderer): void;
      render(message: Pick<OutboxRow, 'attachments'>): Promise<OutboxFile[]>;
    };
  }
}

export interface OutboxWorkerOptions {
  transports: Transports;
  /** Poll interval; 0 runs no timer. */
  intervalMs: number;
}

export const outboxWorkerPlugin = fp(
  (app: FastifyInstance, options: OutboxWorkerOptions) => {
    const renderers = new Map<string, AttachmentRenderer>();
    app.decorate('outboxFiles', {
      register(kind: string, render: AttachmentRenderer) {
        if (renderers.has(kind)) throw new Error(`${kind} attachments already have a renderer`);
        renderers.set(kind, render);
      },
      render: (message: Pick<OutboxRow, 'attachments'>) =>
        renderAttachments(app.db, renderers, message, app.clock.now()),
    });

    let running: Promise<number> | undefined;
    const deliver = () => {
      running ??= deliverDue(app.db, options.transports, app.clock, renderers).finally(() => {
        running = undefined;
      });
      return running;
    };
    app.decorate('deliverOutbox', deliver);

    // Housekeeping beside the deliveries: lapsed attempt counts (client addresses among them)
    // go after a day, checked hourly.
    if (options.intervalMs > 0) {
      const purge = setInterval(
        () => {
          purgeStaleAttempts(app.db, app.clock.now()).catch((err: unknown) =>
            app.log.error({ err }, 'purging lapsed attempt counts failed'),
          );
        },
        60 * 60 * 1000,
      );
      purge.unref();
      app.addHook('onClose', (_instance, done) => {
        clearInterval(purge);
        done();
      });
    }

    if (options.intervalMs > 0 && Object.keys(options.transports).length > 0) {
      const timer = setInterval(() => {
        deliver().catch((err: unknown) => app.log.error({ err }, 'outbox delivery failed'));
      }, options.intervalMs);
      timer.unref();
      app.addHook('onClose', async () => {
        clearInterval(timer);
        await running;
      });
    }
  },
  { name: 'outbox-worker', dependencies: ['platform'] },
);
