/**
 * Corporate Details Slider: Planet, People, Principles, Ratings. Autoplay advances until the last slide
 * (not infinite), pauses while the slider is hovered or has focus, and is off with reduced motion.
 * Dots and previous/next buttons; the back button returns to the Corporate Details.
 */
import { useEffect, useState } from 'react';
import { usePrefersReducedMotion } from '../../ui/motion';
import { useTranslation } from 'react-i18next';
import type { Brand } from '@contract/types';
import type { Lang } from '../../lib/i18n';
import { ScreenHeader } from '../../ui/screen-header';
import { brandName } from '../../lib/catalogue/catalogue-logic';
import { AUTOPLAY_MS, nextSlide, prevSlide, proofPointsFor, RATINGS, SLIDES } from './slider-logic';
import '../../ui/screen.css';
import './brands.css';
import { useBackTo } from '../../lib/screen-trail';

export function CorporateSlider(props: { brand: Brand; lang: Lang }) {
  const { t } = useTranslation('shop');
  const backTo = useBackTo();
  const { brand, lang } = props;
  const [index, setIndex] = useState(0);
  const [hover, setHover] = useState(false);
  const [focus, setFocus] = useState(false);
  const [stopped, setStopped] = useState(false);
  const reduce = usePrefersReducedMotion();
  const playing = !reduce && !hover && !focus && !stopped && index < SLIDES.length - 1;

  useEffect(() => {
    if (!playing) return;
    const id = setTimeout(() => setIndex((i) => nextSlide(i)), AUTOPLAY_MS);
    return () => clearTimeout(id);
  }, [playing, index]);

  const slide = SLIDES[index]!;
  const rating = brand.last_signed_off_worker?.rating ?? 'GREY';
  const points = slide === 'ratings' ? [] : proofPointsFor(brand.last_signed_off_worker?.proof_points_found_list, slide, lang);

  return (
    <div className="sp-screen sp-slider">
      <ScreenHeader title={t('sustainability_title', { name: brandName(brand, lang) })} onBack={backTo(`/corporate/${brand.id}`)} />
      <section
        className="sp-slider__frame"
        aria-roledescription={t('slider_carousel')}
        aria-label={t('sustainability_label')}
        onMouseEnter={() => setHover(true)}
        onMouseLeave={() => setHover(false)}
        onFocus={() => setFocus(true)}
        onBlur={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocus(false);
        }}
      >
        <div className="sp-slider__controls">
          <button type="button" className="sp-button sp-button--secondary" onClick={() => setStopped((s) => !s)} disabled={reduce || index === SLIDES.length - 1}>
            {playing || (!stopped && !reduce && index < SLIDES.length - 1) ? t('slider_pause') : t('slider_play')}
          </button>
        </div>
        <div
          className="sp-slider__slide"
          role="group"
          aria-roledescription={t('slider_slide')}
          aria-label={t('slider_position', { n: index + 1, total: SLIDES.length, name: t(`slide_${slide}`) })}
          aria-live={playing ? 'off' : 'polite'}
        >
          <h2 className="sp-slider__title">{t(`slide_${slide}`)}</h2>
          {slide === 'ratings' ? (
            <>
              <p className={`sp-rating sp-rating--${rating.toLowerCase()}`}>
                <span className="sp-rating__dot" aria-hidden="true" /> {t('rating_current', { rating: t(`rating_${rating}`) })}
              </p>
              <ul className="sp-slider__legend">
                {RATINGS.map((r) => (
                  <li key={r} className={`sp-rating sp-rating--${r.toLowerCase()}`}>
                    <span className="sp-rating__dot" aria-hidden="true" /> <strong>{r}</strong>: {t(`rating_${r}`)}
                  </li>
                ))}
              </ul>
            </>
          ) : points.length ? (
            <ul className="sp-slider__points">
              {points.map((p, i) => (
                <li key={i}>{p}</li>
              ))}
            </ul>
          ) : (
            <p>{t('slider_no_points')}</p>
          )}
        </div>
        <div className="sp-slider__nav">
          <button type="button" className="sp-button sp-button--secondary" disabled={index === 0} onClick={() => setIndex(prevSlide(index))}>
            {t('slider_prev')}
          </button>
          <div className="sp-slider__dots">
            {SLIDES.map((s, i) => (
              <button
                key={s}
                type="button"
                className="sp-slider__dot"
                aria-label={t('slider_go_to', { name: t(`slide_${s}`) })}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => setIndex(i)}
              />
            ))}
          </div>
          <button type="button" className="sp-button sp-button--secondary" disabled={index === SLIDES.length - 1} onClick={() => setIndex(nextSlide(index))}>
            {t('slider_next')}
          </button>
        </div>
      </section>
    </div>
  );
}
