/**
 * /Nutritionists: the public list, 50 per page in a random order that stays the same for the visit
 * (seed in sessionStorage), the page number in the address (?page=2) so back navigation returns to it.
 */
import { startTransition, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Button, Group, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { paths, withQuery } from '../../../paths';
import { LoadError } from '../../../ui/load-error';
import { Page } from '../../../ui/page';
import { QuestionnaireCta } from '../../../ui/questionnaire-cta';
import { isRenderingPrerenderedPage } from '../../../lib/taking-over';
import { NUTRITIONISTS_PAGE_SIZE, usePublicNutritionists, visitSeed } from '../api/list-public-nutritionists';
import { listPageFrom } from '../api/public-nutritionist-keys';
import { NutritionistCard } from '../components/nutritionist-card';

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

/** Cards rendered with the page's first paint (more than a phone or a desktop shows above the fold). */
const FIRST_CARDS = 8;
/** Cards added per step after that: a step's commit and layout stay short on a slow phone. */
const MORE_CARDS = 8;

/**
 * The first cards of a fresh list at once, the rest a few at a time after each paint: rendering all 50 cards
 * in one go, or the 42 after the first ones, is a long task that keeps the page from answering input while
 * it loads. `complete` says when every card is on the page (the list is `aria-busy` until then).
 */
const useCardsInSteps = <T,>(items: readonly T[] | undefined) => {
  // A prerendered list has every card (for visitors without JavaScript, and for crawlers).
  const [shown, setShown] = useState(() =>
    isRenderingPrerenderedPage() ? Number.POSITIVE_INFINITY : FIRST_CARDS,
  );
  const complete = items !== undefined && shown >= items.length;
  useEffect(() => {
    if (!items || complete) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setShown((count) => count + MORE_CARDS)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [items, shown, complete]);
  return { cards: items?.slice(0, shown), complete };
};

export function NutritionistsPage() {
  const [searchParams] = useSearchParams();
  const page = listPageFrom(searchParams.get('page'));
  const [seed] = useState(visitSeed);
  const { data, error, isLoading, mutate } = usePublicNutritionists(page, seed);
  const pages = data ? Math.max(1, Math.ceil(data.Count / NUTRITIONISTS_PAGE_SIZE)) : 1;
  const { cards, complete } = useCardsInSteps(data?.Data);

  return (
    <Page
      title="I nostri nutrizionisti"
      description="Professionisti selezionati per formazione, esperienza e valori, ciascuno con le proprie aree di specializzazione. Compila il questionario e ti abbiniamo a quello più adatto a te."
      head={{ canonicalPath: paths.nutritionists.list() }}
    >
      {error && !data ? (
        <LoadError onRetry={() => mutate()} />
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="lg" aria-busy={isLoading || !complete}>
          {cards
            ? cards.map((nutritionist, index) => (
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
