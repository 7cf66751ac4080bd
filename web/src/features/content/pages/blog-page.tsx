/** /Blog: the articles, newest first, with cover image and title; 'Carica altri' fetches the next page. */
import { Button, Center, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { paths } from '../../../paths';
import { LoadError } from '../../../ui/load-error';
import { Page } from '../../../ui/page';
import { QuestionnaireCta } from '../../../ui/questionnaire-cta';
import { contentTexts } from '../texts';
import { BLOG_PAGE_SIZE, useBlogArticles } from '../api/get-public-content';
import { ArticleCard } from '../components/article-card';

export function BlogPage() {
  const { articles, error, isLoading, hasMore, isLoadingMore, loadMore, mutate } = useBlogArticles();
  return (
    <Page
      title="Blog"
      description="Articoli dei nostri nutrizionisti su alimentazione, benessere e abitudini sane, con consigli pratici da portare in tavola."
      head={{ canonicalPath: paths.blog.list() }}
    >
      {error && articles.length === 0 ? (
        <LoadError message={contentTexts.cannotLoadStaticContent} onRetry={() => mutate()} />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg" aria-busy={isLoading}>
          {isLoading && articles.length === 0
            ? Array.from({ length: 6 }, (_, index) => (
                <Skeleton key={index} radius="lg" h={320} aria-hidden="true" />
              ))
            : articles.map((article) => (
                <ArticleCard key={article.ContentId} article={article} headingLevel={2} />
              ))}
        </SimpleGrid>
      )}
      {!isLoading && !error && articles.length === 0 ? (
        <Text mt="lg">Non ci sono ancora articoli: torna a trovarci presto.</Text>
      ) : null}
      {hasMore ? (
        <Center mt="xl">
          <Button variant="outline" size="md" onClick={() => void loadMore()} loading={isLoadingMore}>
            Carica altri
          </Button>
        </Center>
      ) : null}
      {articles.length > BLOG_PAGE_SIZE ? null : <QuestionnaireCta />}
    </Page>
  );
}
