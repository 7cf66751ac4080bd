/** /About: the 'Chi siamo' page, static content id 1 (docs/product.md#screens). */
import { Container, Skeleton, Stack, Title } from '@mantine/core';
import { paths } from '../../../paths';
import { useHead } from '../../../ui/head';
import { LoadError } from '../../../ui/load-error';
import { QuestionnaireCta } from '../../../ui/questionnaire-cta';
import { useStaticContent } from '../api/get-static-content';
import { ABOUT_CONTENT_ID } from '../content-links';
import { ContentBody } from '../components/content-body';
import { contentTexts } from '../texts';
import { ArticleCover } from './article-page';

export function AboutPage() {
  const { data: page, error, mutate } = useStaticContent(ABOUT_CONTENT_ID);
  useHead({
    title: page?.Title ?? 'Chi siamo',
    description:
      page?.MetaDescription ||
      'Nutrì nasce per rendere semplice e accessibile l’incontro con un nutrizionista qualificato, ovunque tu sia.',
    image: page?.ImageFilePath?.['1200'] ?? null,
    canonicalPath: paths.about(),
  });
  return (
    <Container size={760} py={{ base: 'lg', md: 'xl' }}>
      {error && !page ? (
        <>
          <Title order={1}>Chi siamo</Title>
          <LoadError message={contentTexts.cannotLoadStaticContent} onRetry={() => mutate()} />
        </>
      ) : !page ? (
        <Stack gap="md" aria-busy="true">
          <Skeleton h={40} w="50%" />
          <Skeleton h={240} />
        </Stack>
      ) : (
        <article aria-labelledby="about-title">
          <Title order={1} id="about-title" fz={{ base: 28, md: 36 }} mb="lg">
            {page.Title}
          </Title>
          <ArticleCover content={page} />
          <ContentBody html={page.Text} />
        </article>
      )}
      {/* Once the page has its content: shown earlier, it would be pushed down (layout shift). */}
      {page || error ? <QuestionnaireCta title="Inizia il tuo percorso" /> : null}
    </Container>
  );
}
