/**
 * Buttons for always-loaded code and the landing page, drawn with one CSS module instead of Mantine's
 * Button (which brings its Loader and Transition): they fit the landing page's JavaScript budget and look
 * like Mantine's filled, outline and subtle buttons. Everywhere else, use Mantine's Button.
 */
import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router-dom';
import classes from './light-button.module.css';

interface Look {
  variant?: 'filled' | 'outline' | 'subtle';
  color?: 'leaf' | 'apricot' | 'red';
  size?: 'xs' | 'sm' | 'md' | 'lg';
  fullWidth?: boolean;
  children: ReactNode;
}

const lookProps = ({
  variant = 'filled',
  color = 'leaf',
  size = 'md',
  fullWidth,
}: Omit<Look, 'children'>) => ({
  className: classes.button,
  'data-variant': variant,
  'data-color': color,
  'data-size': size,
  'data-full-width': fullWidth || undefined,
});

/** A link (router navigation) that looks like a button. */
export function ButtonLink({ variant, color, size, fullWidth, children, ...link }: Look & LinkProps) {
  return (
    <Link {...link} {...lookProps({ variant, color, size, fullWidth })}>
      {children}
    </Link>
  );
}

/** A plain anchor (in-page `#id`, full reloads) that looks like a button. */
export function ButtonAnchor({
  variant,
  color,
  size,
  fullWidth,
  children,
  ...anchor
}: Look & ComponentPropsWithoutRef<'a'>) {
  return (
    <a {...anchor} {...lookProps({ variant, color, size, fullWidth })}>
      {children}
    </a>
  );
}

/** A `<button>` with the same look. */
export function LightButton({
  variant,
  color,
  size,
  fullWidth,
  children,
  type = 'button',
  ...button
}: Look & ComponentPropsWithoutRef<'button'>) {
  return (
    <button type={type} {...button} {...lookProps({ variant, color, size, fullWidth })}>
      {children}
    </button>
  );
}
