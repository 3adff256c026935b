import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Env } from '../config/env';
import type { Database, Db } from '../db/client';
import type { Clock } from '../platform/clock';

declare module 'fastify' {
  interface FastifyInstance {
    env: Env;
    database: Database;
    db: Db;
    clock: Clock;
  }
}

export interface PlatformOptions {
  env: Env;
  database: Database;
  clock: Clock;
}

export const platformPlugin = fp(
  (app: FastifyInstance, options: PlatformOptions) => {
    app.decorate('env', options.env);
    app.decorate('database', options.database);
    app.decorate('db', options.database.db);
    app.decorate('clock', options.clock);
  },
  { name: 'platform' },
);
