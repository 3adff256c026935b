import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerContactSubjects } from './contact-subjects';
import { registerFaqList } from './faq-list';

export const helpModule = fp(
  (app: FastifyInstance) => {
    registerFaqList(app);
    registerContactSubjects(app);
  },
  { name: 'help', dependencies: ['platform', 'auth'] },
);

export { CONTACT_SUBJECTS } from './contact-subjects';
