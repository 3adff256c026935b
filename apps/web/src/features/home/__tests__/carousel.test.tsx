import { CAROUSEL_INTERVAL_MS } from '@portal/contract';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '@/testing/render-ui';
import { Carousel } from '../components/carousel';

const slides = [1, 2, 3].map((n) => ({
  id: `s${n}`,
  title: `Slide title ${n}`,
  text: `Slide text ${n}`,
  image: `/assets-api/art/slide/s${n}.svg`,
  link: n === 1 ? '/airport' : null,
}));

const visibleSlide = () =>
  screen
    .getAllByRole('group', { hidden: true })
    .find((el) => !el.hidden)
    ?.getAttribute('aria-label');

const tick = (ms = CAROUSEL_INTERVAL_MS) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

describe('home carousel', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('moves to the next slide every 3 s and wraps round', () => {
    renderUi(<Carousel slides={slides} />);
    expect(CAROUSEL_INTERVAL_MS).toBe(3000);
    expect(visibleSlide()).toBe('1 of 3');
    tick();
    expect(visibleSlide()).toBe('2 of 3');
    tick();
    tick();
    expect(visibleSlide()).toBe('1 of 3');
  });

  it('stops while the pointer is over it', () => {
    const { container } = renderUi(<Carousel slides={slides} />);
    const region = container.querySelector('section')!;
    fireEvent.mouseEnter(region);
    tick(CAROUSEL_INTERVAL_MS * 3);
    expect(visibleSlide()).toBe('1 of 3');
    fireEvent.mouseLeave(region);
    tick();
    expect(visibleSlide()).toBe('2 of 3');
  });

  it('stops while keyboard focus is inside it', () => {
    renderUi(<Carousel slides={slides} />);
    const next = screen.getByRole('button', { name: 'Next slide' });
    act(() => next.focus());
    tick(CAROUSEL_INTERVAL_MS * 3);
    expect(visibleSlide()).toBe('1 of 3');
    act(() => next.blur());
    tick();
    expect(visibleSlide()).toBe('2 of 3');
  });

  it('has a visible pause/play button, and previous/next', () => {
    renderUi(<Carousel slides={slides} />);
    fireEvent.click(screen.getByRole('button', { name: 'Pause slides' }));
    tick(CAROUSEL_INTERVAL_MS * 2);
    expect(visibleSlide()).toBe('1 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(visibleSlide()).toBe('2 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(visibleSlide()).toBe('3 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Play slides' }));
    tick();
    expect(visibleSlide()).toBe('1 of 3');
  });

  it('announces slides politely only while it is not turning by itself', () => {
    const { container } = renderUi(<Carousel slides={slides} />);
    const live = container.querySelector('[aria-live]')!;
    expect(live.getAttribute('aria-live')).toBe('off');
    fireEvent.click(screen.getByRole('button', { name: 'Pause slides' }));
    expect(live.getAttribute('aria-live')).toBe('polite');
  });

  it('does not start by itself when reduced motion is preferred', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce') }));
    renderUi(<Carousel slides={slides} />);
    expect(screen.getByRole('button', { name: 'Play slides' })).toBeTruthy();
    tick(CAROUSEL_INTERVAL_MS * 2);
    expect(visibleSlide()).toBe('1 of 3');
    vi.unstubAllGlobals();
  });
});
