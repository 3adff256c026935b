import { z } from 'zod';
import { defineCall } from '../define';
import { issuerSchema } from '../issuer-schema';

export const faqSchema = z.object({
  id: z.string(),
  categoryId: z.string(),
  question: z.string(),
  /** Plain text; paragraphs separated by blank lines. */
  answer: z.string(),
});
export type Faq = z.infer<typeof faqSchema>;

export const faqList = defineCall({
  path: '/faq/list',
  auth: 'public',
  summary: "The channel's FAQs by category; keyword searches questions and answers.",
  payload: z
    .object({
      channel: issuerSchema.optional(),
      categoryId: z.string().trim().max(40).optional(),
      keyword: z.string().trim().max(80).optional(),
    })
    .strict()
    .optional()
    .default({}),
  result: z.object({
    categories: z.array(z.object({ id: z.string(), title: z.string() })),
    items: z.array(faqSchema),
  }),
  errors: [],
});

export const contactSubjects = defineCall({
  path: '/account/contact-us/email-us/subject',
  auth: 'public',
  summary: 'The subjects a contact message can have.',
  payload: z.object({}).strict().optional().default({}),
  result: z.array(z.object({ id: z.string(), text: z.string() })),
  errors: [],
});
