import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { filterFaqs } from '../lib/filter-faqs';

const faqs = {
  categories: [
    { id: 'booking', title: 'Booking' },
    { id: 'membership', title: 'Membership' },
  ],
  items: [
    {
      id: 'book-how',
      categoryId: 'booking',
      question: 'How do I pre-book a lounge?',
      answer: 'Find your airport and choose a lounge.\n\nThen pick a time slot.',
    },
    {
      id: 'book-cancel',
      categoryId: 'booking',
      question: 'Can I cancel a booking?',
      answer: 'Yes, up to 24 hours before your visit.',
    },
    {
      id: 'guests',
      categoryId: 'membership',
      question: 'Can I bring guests?',
      answer: 'Each guest uses one pass from your membership.',
    },
  ],
};

describe('FAQs', () => {
  it('filters questions and answers by every word typed, ignoring case and accents', () => {
    expect(filterFaqs(faqs.items, '', 'CANCEL').map((f) => f.id)).toEqual(['book-cancel']);
    expect(filterFaqs(faqs.items, '', 'pass guést').map((f) => f.id)).toEqual(['guests']);
    expect(filterFaqs(faqs.items, 'membership', '').map((f) => f.id)).toEqual(['guests']);
    expect(filterFaqs(faqs.items, 'booking', 'guests')).toEqual([]);
  });

  it('shows the questions by category, each answer behind its question', async () => {
    mockApi({ '/faq/list': () => envelope(faqs) });
    const { user } = renderApp('/faqs');
    const booking = await screen.findByRole('region', { name: 'Booking' });
    const question = within(booking).getByText('How do I pre-book a lounge?');
    const details = question.closest('details')!;
    expect(details.open).toBe(false);
    await user.click(question);
    expect(details.open).toBe(true);
    expect(within(details).getByText('Then pick a time slot.')).toBeTruthy();
    expect(
      within(details)
        .getByRole('link', { name: 'Open this answer on its own page' })
        .getAttribute('href'),
    ).toBe('/faqs/detail?id=book-how');
  });

  it('narrows the list as the user types in the search field, and says how many', async () => {
    mockApi({ '/faq/list': () => envelope(faqs) });
    const { user } = renderApp('/faqs');
    await screen.findByRole('region', { name: 'Booking' });
    await user.type(screen.getByRole('searchbox', { name: 'Search the FAQs' }), 'guests');
    expect(await screen.findByText('1 question')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Booking' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Membership' })).toBeTruthy();
  });

  it('filters by category', async () => {
    mockApi({ '/faq/list': () => envelope(faqs) });
    const { user } = renderApp('/faqs');
    const topics = await screen.findByRole('group', { name: 'Topics' });
    await user.click(within(topics).getByRole('button', { name: 'Membership' }));
    expect(
      within(topics).getByRole('button', { name: 'Membership' }).getAttribute('aria-pressed'),
    ).toBe('true');
    expect(screen.queryByRole('region', { name: 'Booking' })).toBeNull();
    expect(screen.getByText('Can I bring guests?')).toBeTruthy();
  });

  it('shows one FAQ on its own page', async () => {
    mockApi({ '/faq/list': () => envelope(faqs) });
    renderApp('/faqs/detail?id=book-cancel');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Can I cancel a booking?' }),
    ).toBeTruthy();
    expect(screen.getByText('Yes, up to 24 hours before your visit.')).toBeTruthy();
  });
});

describe('contact us', () => {
  it('shows the phone line hours, the reply time and the email subjects', async () => {
    mockApi({
      '/account/contact-us/email-us/subject': () =>
        envelope([
          { id: 'booking', text: 'A booking' },
          { id: 'membership', text: 'My membership' },
        ]),
    });
    renderApp('/contact-us');
    await screen.findByRole('heading', { level: 1, name: 'Contact Us' });
    const main = screen.getByRole('main');
    expect(main.textContent).toContain('Lines are open Monday to Sunday, 8am to 8pm');
    expect(main.textContent).toContain('We aim to reply within 2–3 working days.');
    expect(await screen.findByText('My membership')).toBeTruthy();
  });
});
