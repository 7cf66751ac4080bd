/** The blog grid of the home page (docs/product.md#limits: content ids 1, 2, 3, 5, 6, 10). */
import { Link } from 'react-router-dom';
import { Anchor, Group, Skeleton, Text, Title } from '@mantine/core';
import { HOME_BLOG_CONTENT_IDS } from '../../../lib/shared-values';
import { paths } from '../../../paths';
import { useHomeArticles } from '../api/get-home-articles';
import { ArticleCard } from './article-card';
import classes from './article-card.module.css';

export function HomeBlogGrid({ className }: { className?: string }) {
  const { data: articles, error } = useHomeArticles();
  if (error || (articles && articles.length === 0)) return null;
  return (
    <section className={className} aria-labelledby="blog-title">
      <Group justify="space-between" align="flex-end" mb="xl" gap="sm">
        <div>
          <Title order={2} id="blog-title" mb="xs">
            Dal nostro blog
          </Title>
          <Text c="dimmed" maw={640}>
            Consigli pratici dei nostri nutrizionisti per mangiare bene ogni giorno.
          </Text>
        </div>
        <Anchor component={Link} to={paths.blog.list()} fw={600}>
          Tutti gli articoli
        </Anchor>
      </Group>
      <div className={classes.grid}>
        {articles
          ? articles.map((article) => <ArticleCard key={article.ContentId} article={article} />)
          : HOME_BLOG_CONTENT_IDS.map((id) => <Skeleton key={id} radius="lg" h={320} aria-hidden="true" />)}
      </div>
    </section>
  );
}
