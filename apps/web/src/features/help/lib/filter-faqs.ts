import type { Faq } from '@portal/contract';
import { normaliseText } from '@/shared/lib/normalise-text';

/** The FAQs of a category (or all) whose question or answer holds every word typed. */
export function filterFaqs(items: readonly Faq[], categoryId: string, keyword: string): Faq[] {
  const words = normaliseText(keyword).split(' ').filter(Boolean);
  return items.filter((faq) => {
    if (categoryId && faq.categoryId !== categoryId) return false;
    if (words.length === 0) return true;
    const text = normaliseText(`${faq.question} ${faq.answer}`);
    return words.every((word) => text.includes(word));
  });
}

/** An answer's paragraphs: plain text separated by blank lines. */
export const paragraphs = (answer: string): string[] =>
  answer
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
