import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import type { Banner } from '@portal/contract/content';
import { isSafeLink } from '@portal/contract/links';
import { pick } from '../../../lib/i18n.ts';

/** Rotates every 3 s (document 1, section 9); pauses while hovered or focused. Each slide shows its title over the artwork. */
export const CAROUSEL_MS = 3000;

export function BannerCarousel({ banners }: { banners: Banner[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [index, setIndex] = useState(0);
  // Hover and focus pause it independently: leaving one must not resume while the other holds.
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const paused = hovered || focused;
  const n = banners.length;

  useEffect(() => {
    if (n < 2 || paused) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % n), CAROUSEL_MS);
    return () => window.clearInterval(timer);
  }, [n, paused]);

  const open = (b: Banner) => {
    // Only an http or https address is opened (a stored javascript: link would run on click).
    if (b.type === 1 && isSafeLink(b.url)) window.open(b.url, '_blank', 'noopener,noreferrer');
    else if (b.type === 2) navigate(`/bannerContent?type=2&content=${b.id}`);
  };

  return (
    <section
      className="home-carousel"
      aria-roledescription="carousel"
      aria-label={t('home.carousel')}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
    >
      <div className="home-carousel-track" style={{ transform: `translateX(-${index * 100}%)` }}>
        {banners.map((b, i) => (
          <button
            key={b.id}
            type="button"
            className="home-slide"
            aria-hidden={i !== index}
            tabIndex={i === index ? 0 : -1}
            data-active={i === index}
            aria-label={pick(b.title)}
            onClick={() => open(b)}
          >
            <img src={b.picUrl} alt="" loading={i === 0 ? 'eager' : 'lazy'} width={1200} height={400} />
            {/* The words are page text in the reader's language; the artwork carries none. */}
            <span className="home-slide-caption">{pick(b.title)}</span>
          </button>
        ))}
      </div>
      {n > 1 && (
        <>
          <button
            type="button"
            className="home-carousel-arrow prev"
            aria-label={t('home.carouselPrev')}
            onClick={() => setIndex((index - 1 + n) % n)}
          >
            <LeftOutlined />
          </button>
          <button
            type="button"
            className="home-carousel-arrow next"
            aria-label={t('home.carouselNext')}
            onClick={() => setIndex((index + 1) % n)}
          >
            <RightOutlined />
          </button>
          <div className="home-carousel-dots">
            {banners.map((b, i) => (
              <button
                key={b.id}
                type="button"
                aria-label={t('home.carouselGo', { n: i + 1 })}
                aria-current={i === index}
                onClick={() => setIndex(i)}
              />
            ))}
          </div>
        </>
      )}
    </section>
  );
}
