import { calls } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { issuerConfig } from '../../platform/issuer-config';
import { registerCall } from '../../plugins/calls';
import { FAQ_CATEGORIES, faqsFor } from './faq-content';

export function registerFaqList(app: FastifyInstance): void {
  registerCall(app, calls.faqList, ({ payload }) => {
    const keyword = payload.keyword?.toLowerCase();
    const items = faqsFor(issuerConfig[payload.channel ?? 'default'].bankName).filter(
      (faq) =>
        (!payload.categoryId || faq.categoryId === payload.categoryId) &&
        (!keyword || `${faq.question}\n${faq.answer}`.toLowerCase().includes(keyword)),
    );
    return Promise.resolve({ categories: [...FAQ_CATEGORIES], items });
  });
}
