import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerChangeCodes } from './change-codes';
import { registerClearPopup } from './clear-popup';
import { registerContact } from './contact';
import { registerDeleteAccount } from './delete-account';
import { registerMyDetails } from './my-details';

/** The account area: profile details and their verified changes, contact, deleting the account. */
export const accountModule = fp(
  (app: FastifyInstance) => {
    registerMyDetails(app);
    registerChangeCodes(app);
    registerContact(app);
    registerClearPopup(app);
    registerDeleteAccount(app);
  },
  { name: 'account', dependencies: ['platform', 'auth', 'payment-provider'] },
);
