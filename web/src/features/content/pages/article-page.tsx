/**
 * /Blog/{FriendlyUrl}: one article with breadcrumbs (Home > Blog > title), its cover with caption and the
 * body. Unknown articles go to the not-found page; other failures show the cannot-load snack.
 */
import { Navigate, useParams } from 'react-router-dom';
import { Container, Group, Skeleton, Stack, Title } from '@mantine/core';
import type { StaticContent } from '@nutri/shared';
import { isApiError } from '../../../api/api-error';
import { formatDate } from '../../../lib/dates';
import { paths } from '../../../paths';
import { Breadcrumbs } from '../../../ui/breadcrumbs';
import { useHead } from '../../../ui/head';
import { LoadError } from '../../../ui/load-error';
import { ResponsiveImage } from '../../../ui/responsive-image';
import { QuestionnaireCta } from '../../../ui/questionnaire-cta';
import { useStaticContentByUrl } from '../api/get-static-content';
import { ContentBody } from '../components/content-body';
import { ARTICLE_COVER_SIZES } from '../image-sizes';
import { contentTexts } from '../texts';
import classes from './article-page.module.css';

/** The article column is at most 760 px wide. */

export function ArticleCover({
  content,
}: {
  content: Pick<StaticContent, 'ImageFilePath' | 'ImageCaption'>;
}) {
  if (!content.ImageFilePath) return null;
  return (
    <figure className={classes.cover}>
      <ResponsiveImage
        urls={content.ImageFilePath}
        // The caption below describes the image; repeating it as alt text would read it twice.
        alt={content.ImageCaption ? '' : 'Immagine di copertina'}
        sizes={ARTICLE_COVER_SIZES}
        priority
        className={classes.coverImage}
      />
      {content.ImageCaption ? (
        <figcaption className={classes.caption}>{content.ImageCaption}</figcaption>
      ) : null}
    </figure>
  );
}

export function ArticlePage() {
  const { friendlyUrl } = useParams();
  const { data: article, error, mutate } = useStaticContentByUrl(friendlyUrl);

  useHead({
    title: article?.Title ?? 'Blog',
    description: article?.MetaDescription || null,
    image: article?.ImageFilePath?.['1200'] ?? null,
    type: 'article',
    canonicalPath: friendlyUrl ? paths.blog.article(friendlyUrl) : undefined,
  });

  if (isApiError(error, 404)) return <Navigate to={paths.notFound()} replace />;

  const crumbs = [
    { label: 'Home', href: paths.home() },
    { label: 'Blog', href: paths.blog.list() },
    { label: article?.Title ?? 'Articolo' },
  ];
  const published = article?.PublishedAt ? formatDate(article.PublishedAt) : '';

  return (
    <Container size={760} py={{ base: 'lg', md: 'xl' }}>
      <Breadcrumbs items={crumbs} />
      {error && !article ? (
        <>
          <Title order={1}>Blog</Title>
          <LoadError message={contentTexts.cannotLoadStaticContent} onRetry={() => mutate()} />
        </>
      ) : !article ? (
        <Stack gap="md" aria-busy="true">
          <Skeleton h={40} w="80%" />
          <Skeleton radius="lg" style={{ aspectRatio: '3 / 2' }} />
          <Skeleton h={200} />
        </Stack>
      ) : (
        <article aria-labelledby="article-title">
          <Title order={1} id="article-title" className={classes.title}>
            {article.Title}
          </Title>
          {published || article.tags.length > 0 ? (
            <Group gap="xs" mt="xs" mb="lg" className={classes.meta}>
              {published ? <time dateTime={article.PublishedAt ?? undefined}>{published}</time> : null}
              {article.tags.map((tag) => (
                <span key={tag.TagId} className={classes.tag}>
                  {tag.TagName}
                </span>
              ))}
            </Group>
          ) : null}
          <ArticleCover content={article} />
          <ContentBody html={article.Text} />
        </article>
      )}
      {/* Once the page has its content: shown earlier, it would be pushed down (layout shift). */}
      {article || error ? <QuestionnaireCta /> : null}
    </Container>
  );
}
