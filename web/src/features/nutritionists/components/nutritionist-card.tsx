/** A card of the public list: photo, 'Dott.'/'Dott.sa' and name, professional title, skills; one link. */
import { Link } from 'react-router-dom';
import { Card, Text } from '@mantine/core';
import type { PublicNutritionist } from '@nutri/shared';
import { honorific } from '../../../lib/honorific';
import { paths } from '../../../paths';
import { ResponsiveImage } from '../../../ui/responsive-image';
import { NUTRITIONIST_CARD_SIZES } from '../image-sizes';
import classes from './nutritionist-card.module.css';

const MAX_SKILLS = 4;

/** A display name that already starts with a title ('Dott.sa Chiara Bianchi') keeps only the name. */
const LEADING_TITLE = /^(?:dott(?:\.?ssa|\.?sa)?\.?|dottor(?:e|essa)?|dr\.?(?:ssa)?)\s+/i;

/** 'Dott.sa Giorgia Esposito' (docs/product.md#data: PersonalTitle 'dottoressa' gives Dott.sa, else Dott.). */
export const nutritionistName = (
  nutritionist: Pick<PublicNutritionist, 'PersonalTitle' | 'ApplicationUser'>,
) =>
  `${honorific(nutritionist.PersonalTitle)} ${nutritionist.ApplicationUser.DisplayName.replace(LEADING_TITLE, '')}`;

/** Specialization tags as a list of chips that wrap (long names stay readable on phones). */
export function SkillTags({
  skills,
  more = 0,
  large,
}: {
  skills: readonly string[];
  more?: number;
  large?: boolean;
}) {
  return (
    <ul className={classes.skills} aria-label="Specializzazioni" data-large={large || undefined}>
      {skills.map((skill) => (
        <li key={skill} className={classes.skill}>
          {skill}
        </li>
      ))}
      {more > 0 ? (
        <li className={classes.more}>
          <span aria-hidden="true">+{more}</span>
          <span className={classes.visuallyHidden}>e altre {more}</span>
        </li>
      ) : null}
    </ul>
  );
}

/** 1, 2, 3 or 4 columns in the lg container. */

export function NutritionistCard({
  nutritionist,
  priority,
}: {
  nutritionist: PublicNutritionist;
  priority?: boolean;
}) {
  const name = nutritionistName(nutritionist);
  const extra = nutritionist.Skills.length - MAX_SKILLS;
  return (
    <Card
      component={Link}
      to={paths.nutritionists.profile(nutritionist.ProfilePageUrl)}
      withBorder
      radius="lg"
      padding={0}
      className={classes.card}
    >
      <div className={classes.photo}>
        {nutritionist.ImageFilePath ? (
          <ResponsiveImage
            urls={nutritionist.ImageFilePath}
            alt=""
            sizes={NUTRITIONIST_CARD_SIZES}
            ratio={1}
            priority={priority}
          />
        ) : (
          <div className={classes.initials} aria-hidden="true">
            {nutritionist.ApplicationUser.DisplayName.slice(0, 1)}
          </div>
        )}
      </div>
      <div className={classes.body}>
        <h2 className={classes.name}>{name}</h2>
        <Text size="sm" c="dimmed">
          {nutritionist.ProfessionalTitle}
        </Text>
        {nutritionist.Skills.length > 0 ? (
          <SkillTags skills={nutritionist.Skills.slice(0, MAX_SKILLS)} more={extra} />
        ) : null}
      </div>
    </Card>
  );
}
