import type { PublicNutritionist } from '@nutri/shared';
import { ResponsiveImage } from '../../../ui/responsive-image';
import classes from './onboarding.module.css';

/**
 * A round portrait, decorative (the name is always next to it), or the initial without a photo. Spans
 * only: it also sits inside the labels of the change-nutritionist options.
 */
export function NutritionistPhoto({
  nutritionist,
  size = 96,
}: {
  nutritionist: Pick<PublicNutritionist, 'ImageFilePath' | 'ImageFileUrl' | 'ApplicationUser'>;
  size?: number;
}) {
  return (
    <span className={classes.nutritionistPhoto} style={{ width: size, height: size }}>
      {nutritionist.ImageFilePath ? (
        <ResponsiveImage urls={nutritionist.ImageFilePath} alt="" sizes={`${size}px`} ratio={1} priority />
      ) : nutritionist.ImageFileUrl ? (
        <img
          src={nutritionist.ImageFileUrl}
          alt=""
          width={size}
          height={size}
          style={{ objectFit: 'cover' }}
        />
      ) : (
        <span className={classes.initials} aria-hidden="true" style={{ fontSize: size / 2.4 }}>
          {nutritionist.ApplicationUser.DisplayName.slice(0, 1)}
        </span>
      )}
    </span>
  );
}
