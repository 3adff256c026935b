import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerAgentConfig } from './agent-config';
import { registerPopularPlaces } from './popular-places';

export const homeModule = fp(
  (app: FastifyInstance) => {
    registerAgentConfig(app);
    registerPopularPlaces(app);
  },
  { name: 'home', dependencies: ['platform', 'auth'] },
);
