import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { airportListPlugin } from './airport-list';
import { registerCountryList } from './country-list';
import { registerTerms } from './terms';

export const basicModule = fp(
  async (app: FastifyInstance) => {
    registerCountryList(app);
    registerTerms(app);
    await app.register(airportListPlugin);
  },
  { name: 'basic', dependencies: ['platform', 'auth'] },
);
