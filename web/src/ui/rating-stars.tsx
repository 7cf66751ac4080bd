/**
 * A rating out of 5 in half steps (docs/product.md#data), drawn as stars. Screen readers get one label
 * ('Valutazione 4,5 su 5'); the stars themselves are decorative.
 */
import { onFirstUse } from '../lib/on-first-use';
import classes from './rating-stars.module.css';

const STAR_PATH =
  'M12 2.5l2.94 5.96 6.56.95-4.75 4.63 1.12 6.54L12 17.5l-5.87 3.08 1.12-6.54L2.5 9.41l6.56-.95L12 2.5z';

const ratingFormat = onFirstUse(() => new Intl.NumberFormat('it-IT', { maximumFractionDigits: 1 }));

/** `formatRating(4.5)` -> '4,5'. */
export const formatRating = (rating: number) => ratingFormat().format(rating);

export const ratingLabel = (rating: number) => `Valutazione ${formatRating(rating)} su 5`;

/** How much of star `index` (0-based) is filled: 1, 0.5 or 0. */
export const starFill = (rating: number, index: number) => {
  const rounded = Math.round(rating * 2) / 2;
  return Math.max(0, Math.min(1, rounded - index));
};

function Star({ fill }: { fill: number }) {
  return (
    <span className={classes.star}>
      <svg viewBox="0 0 24 24" className={classes.empty} aria-hidden="true" focusable="false">
        <path d={STAR_PATH} />
      </svg>
      {fill > 0 ? (
        <span className={classes.fillClip} style={{ width: `${fill * 100}%` }}>
          <svg viewBox="0 0 24 24" className={classes.full} aria-hidden="true" focusable="false">
            <path d={STAR_PATH} />
          </svg>
        </span>
      ) : null}
    </span>
  );
}

export function RatingStars({ rating, size = 20 }: { rating: number; size?: number }) {
  return (
    <span
      role="img"
      aria-label={ratingLabel(rating)}
      className={classes.rating}
      style={{ ['--star-size' as string]: `${size}px` }}
    >
      {[0, 1, 2, 3, 4].map((index) => (
        <Star key={index} fill={starFill(rating, index)} />
      ))}
    </span>
  );
}
