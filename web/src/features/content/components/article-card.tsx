/** A blog card: cover image and title, the whole card one link to the article. */
import { Link } from 'react-router-dom';
import { Card, Text } from '@mantine/core';
import type { StaticContentSummary } from '@nutri/shared';
import { ResponsiveImage } from '../../../ui/responsive-image';
import { contentHref } from '../content-links';
import classes from './article-card.module.css';

/** Grid of 1, 2, 3 columns in the lg container (max 1140 px). */
export const ARTICLE_GRID_SIZES = '(min-width: 62em) 360px, (min-width: 48em) 50vw, 100vw';

export function ArticleCard({
  article,
  headingLevel = 3,
}: {
  article: Pick<
    StaticContentSummary,
    'ContentId' | 'ContentType' | 'Title' | 'FriendlyUrl' | 'ImageFilePath' | 'MetaDescription'
  >;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <Card
      component={Link}
      to={contentHref(article)}
      withBorder
      radius="lg"
      padding={0}
      className={classes.card}
    >
      <div className={classes.media}>
        {article.ImageFilePath ? (
          // The title next to it names the link; the cover adds nothing for screen readers.
          <ResponsiveImage urls={article.ImageFilePath} alt="" sizes={ARTICLE_GRID_SIZES} />
        ) : (
          <div className={classes.placeholder} aria-hidden="true" />
        )}
      </div>
      <div className={classes.body}>
        <Heading className={classes.title}>{article.Title}</Heading>
        {article.MetaDescription ? (
          <Text size="sm" c="dimmed" lineClamp={3} mt={6}>
            {article.MetaDescription}
          </Text>
        ) : null}
        <Text size="sm" fw={700} c="leaf.8" className={classes.more} aria-hidden="true">
          {article.ContentType === 'Article' ? 'Leggi l’articolo →' : 'Scopri di più →'}
        </Text>
      </div>
    </Card>
  );
}
