/**
 * The three customer reviews of the home page (docs/product.md#overview): a carousel on small screens, a
 * 3-column grid from the md breakpoint. The carousel never moves on its own: previous/next buttons (and a
 * swipe) change the review, and a polite live region says which one is shown.
 */
import { useRef, useState, type TouchEvent } from 'react';
import { Group, Text, Title, UnstyledButton } from '@mantine/core';
import type { Review } from '@nutri/shared';
import { RatingStars } from '../../../ui/rating-stars';
import { useFeaturedReviews } from '../../nutritionists';
import classes from './reviews-section.module.css';

const SWIPE_MIN_PX = 40;

function Chevron({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d={direction === 'left' ? 'M15 6l-6 6 6 6' : 'M9 6l6 6-6 6'}
        fill="none"
        stroke="currentColor"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function ReviewCard({ review }: { review: Review }) {
  return (
    <figure className={classes.card}>
      <RatingStars rating={review.Rating} />
      <blockquote className={classes.quote}>
        <p>{review.text}</p>
      </blockquote>
      <figcaption className={classes.caption}>
        <Text fw={700} component="span">
          {review.author}
        </Text>
        <Text size="sm" c="dimmed" component="span">
          {review.DateStr}
        </Text>
      </figcaption>
    </figure>
  );
}

export function ReviewsSection() {
  const { data: reviews } = useFeaturedReviews();
  const [current, setCurrent] = useState(0);
  const touchStart = useRef<number | null>(null);

  if (!reviews || reviews.length === 0) return null;
  const count = reviews.length;
  const show = (index: number) => setCurrent((index + count) % count);

  const onTouchStart = (event: TouchEvent) => {
    touchStart.current = event.touches[0]?.clientX ?? null;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const start = touchStart.current;
    const end = event.changedTouches[0]?.clientX;
    touchStart.current = null;
    if (start === null || end === undefined || Math.abs(end - start) < SWIPE_MIN_PX) return;
    show(end < start ? current + 1 : current - 1);
  };

  return (
    <section className={classes.section} aria-labelledby="reviews-title">
      <Title order={2} id="reviews-title" mb="xs">
        Cosa dicono di noi
      </Title>
      <Text c="dimmed" mb="xl" maw={640}>
        Le esperienze di chi ha iniziato il proprio percorso con un nutrizionista Nutrì.
      </Text>
      <div
        className={classes.carousel}
        role="region"
        aria-roledescription="carosello"
        aria-label="Recensioni dei clienti"
        onTouchStart={onTouchStart}
        onTouchEnd={onTouchEnd}
      >
        <ul className={classes.track}>
          {reviews.map((review, index) => (
            <li
              key={review.ReviewId}
              className={classes.slide}
              data-active={index === current || undefined}
              aria-roledescription="recensione"
              aria-label={`${index + 1} di ${count}`}
            >
              <ReviewCard review={review} />
            </li>
          ))}
        </ul>
        <Group className={classes.controls} justify="center" gap="md" wrap="nowrap">
          <UnstyledButton
            className={classes.arrow}
            aria-label="Recensione precedente"
            onClick={() => show(current - 1)}
          >
            <Chevron direction="left" />
          </UnstyledButton>
          <Text size="sm" aria-live="polite" aria-atomic="true" miw={110} ta="center">
            Recensione {current + 1} di {count}
          </Text>
          <UnstyledButton
            className={classes.arrow}
            aria-label="Recensione successiva"
            onClick={() => show(current + 1)}
          >
            <Chevron direction="right" />
          </UnstyledButton>
        </Group>
      </div>
    </section>
  );
}
