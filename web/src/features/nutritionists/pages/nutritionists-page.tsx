/**
 * /Nutritionists: the public list, 50 per page in a random order that stays the same for the visit
 * (seed in sessionStorage), the page number in the address (?page=2) so back navigation returns to it.
 */
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Button, Group, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { paths, withQuery } from '../../../paths';
import { LoadError } from '../../../ui/load-error';
import { Page } from '../../../ui/page';
import { QuestionnaireCta } from '../../public/pages/cta-card';
import { NUTRITIONISTS_PAGE_SIZE, usePublicNutritionists, visitSeed } from '../api/list-public-nutritionists';
import { NutritionistCard } from '../components/nutritionist-card';

const pageFrom = (value: string | null) => {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
};

function Pager({ page, pages }: { page: number; pages: number }) {
  if (pages <= 1) return null;
  const href = (target: number) =>
    withQuery(paths.nutritionists.list(), { page: target > 1 ? target : undefined });
  return (
    <Group component="nav" aria-label="Pagine dei nutrizionisti" justify="center" mt="xl" gap="sm">
      {page > 1 ? (
        <Button component={Link} to={href(page - 1)} variant="default">
          Pagina precedente
        </Button>
      ) : null}
      <Text size="sm" aria-current="page">
        Pagina {page} di {pages}
      </Text>
      {page < pages ? (
        <Button component={Link} to={href(page + 1)} variant="default">
          Pagina successiva
        </Button>
      ) : null}
    </Group>
  );
}

export function NutritionistsPage() {
  const [searchParams] = useSearchParams();
  const page = pageFrom(searchParams.get('page'));
  const [seed] = useState(visitSeed);
  const { data, error, isLoading, mutate } = usePublicNutritionists(page, seed);
  const pages = data ? Math.max(1, Math.ceil(data.Count / NUTRITIONISTS_PAGE_SIZE)) : 1;

  return (
    <Page
      title="I nostri nutrizionisti"
      description="Professionisti selezionati per formazione, esperienza e valori, ciascuno con le proprie aree di specializzazione. Compila il questionario e ti abbiniamo a quello più adatto a te."
      head={{ canonicalPath: paths.nutritionists.list() }}
    >
      {error && !data ? (
        <LoadError onRetry={() => mutate()} />
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="lg" aria-busy={isLoading}>
          {data
            ? data.Data.map((nutritionist, index) => (
                <NutritionistCard
                  key={nutritionist.UserId}
                  nutritionist={nutritionist}
                  priority={index < 2}
                />
              ))
            : Array.from({ length: 8 }, (_, index) => (
                <Skeleton key={index} radius="lg" h={380} aria-hidden="true" />
              ))}
        </SimpleGrid>
      )}
      {data && data.Data.length === 0 ? (
        <Text mt="lg">Al momento non ci sono profili da mostrare: torna a trovarci presto.</Text>
      ) : null}
      <Pager page={page} pages={pages} />
      <QuestionnaireCta />
    </Page>
  );
}
