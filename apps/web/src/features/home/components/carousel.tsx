import { CAROUSEL_INTERVAL_MS, type AgentConfig } from '@portal/contract';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import { Link } from '@/shared/router';

type Slide = AgentConfig['carousel'][number];

const prefersReducedMotion = () =>
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * The home carousel (WCAG 2.2.2): turns every 3 s, stops while the pointer is over it or focus
 * is inside it, has a visible pause/play button and previous/next, and does not start by
 * itself when the visitor prefers reduced motion. Slides are announced only when the user moves.
 */
export function Carousel({ slides }: { slides: readonly Slide[] }) {
  const { t } = useTranslation('pages');
  const id = useId();
  const [current, setCurrent] = useState(0);
  const [playing, setPlaying] = useState(() => !prefersReducedMotion());
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const count = slides.length;
  const rotating = playing && !hovered && !focused && count > 1;

  useEffect(() => {
    if (!rotating) return;
    const timer = window.setTimeout(() => setCurrent((i) => (i + 1) % count), CAROUSEL_INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [rotating, current, count]);

  const go = (step: number) => setCurrent((i) => (i + step + count) % count);

  return (
    <section
      className="page carousel"
      aria-roledescription={t('carousel.roleDescription')}
      aria-labelledby={`${id}-title`}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
    >
      <h2 id={`${id}-title`}>{t('carousel.title')}</h2>
      {count > 1 ? (
        <div className="carousel__controls">
          <button
            type="button"
            className="button button--secondary"
            onClick={() => setPlaying((p) => !p)}
          >
            {playing ? t('carousel.pause') : t('carousel.play')}
          </button>
          <button type="button" className="button button--secondary" onClick={() => go(-1)}>
            {t('carousel.previous')}
          </button>
          <button type="button" className="button button--secondary" onClick={() => go(1)}>
            {t('carousel.next')}
          </button>
        </div>
      ) : null}
      <div className="carousel__slides" aria-live={rotating ? 'off' : 'polite'}>
        {slides.map((slide, i) => (
          <div
            key={slide.id}
            className="carousel__slide"
            role="group"
            aria-roledescription={t('carousel.slide')}
            aria-label={t('carousel.slideLabel', { n: i + 1, count })}
            hidden={i !== current}
          >
            <img className="carousel__image" src={slide.image} alt="" width="800" height="500" />
            <div className="carousel__text">
              <h3 className="carousel__title">
                {slide.link ? <Link to={slide.link}>{slide.title}</Link> : slide.title}
              </h3>
              <p>{slide.text}</p>
            </div>
          </div>
        ))}
      </div>
    </section>
  );
}
