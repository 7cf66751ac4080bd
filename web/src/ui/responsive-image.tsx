/**
 * An image served in the three widths of the asset pipeline (docs/product.md#limits: 400, 800, 1200): the
 * browser picks one from `srcset` and `sizes`, width and height reserve the box before it loads (no
 * layout shift), and images below the fold load lazily.
 */
import type { CSSProperties } from 'react';
import { srcSetOf, type ImageUrlSet } from './image-srcset';

export { srcSetOf, type ImageUrlSet } from './image-srcset';

interface ResponsiveImageProps {
  urls: ImageUrlSet;
  alt: string;
  /** Which share of the viewport the image takes, e.g. '(min-width: 62em) 33vw, 100vw'. */
  sizes: string;
  /** Aspect ratio of the box, width / height (the image is cropped to it). */
  ratio?: number;
  /** Above the fold: load at once and with high priority (the page's largest image). */
  priority?: boolean;
  className?: string;
  style?: CSSProperties;
}

export function ResponsiveImage({
  urls,
  alt,
  sizes,
  ratio = 3 / 2,
  priority = false,
  className,
  style,
}: ResponsiveImageProps) {
  const width = 1200;
  const height = Math.round(width / ratio);
  return (
    <img
      src={urls['800']}
      srcSet={srcSetOf(urls)}
      sizes={sizes}
      width={width}
      height={height}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'auto' : 'async'}
      // React 19 knows fetchPriority; it only hints the browser.
      fetchPriority={priority ? 'high' : 'auto'}
      className={className}
      style={{
        display: 'block',
        width: '100%',
        height: 'auto',
        aspectRatio: `${width} / ${height}`,
        objectFit: 'cover',
        ...style,
      }}
    />
  );
}
