import { calls } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../plugins/calls';

export const CONTACT_SUBJECTS = [
  { id: 'membership', text: 'Membership' },
  { id: 'booking', text: 'Booking' },
  { id: 'payment', text: 'Payment' },
  { id: 'account', text: 'Account' },
  { id: 'feedback', text: 'Feedback' },
  { id: 'other', text: 'Other' },
] as const;

export function registerContactSubjects(app: FastifyInstance): void {
  registerCall(app, calls.contactSubjects, () =>
    Promise.resolve(CONTACT_SUBJECTS.map((s) => ({ ...s }))),
  );
}
