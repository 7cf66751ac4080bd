/**
 * The reviews on a nutritionist's public profile: written by patients after a visit and published only
 * once the staff approved them (docs/product.md#screens and #data: rating out of 5 in half steps, text, author, date).
 * No section at all while there are none.
 */
import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { RatingStars } from '../../../ui/rating-stars';
import { useNutritionistReviews } from '../api/get-nutritionist-reviews';

export function NutritionistReviews({ userId }: { userId: string }) {
  const { reviews, hasMore, isLoadingMore, loadMore } = useNutritionistReviews(userId);
  if (!reviews?.length) return null;
  return (
    <section aria-labelledby="reviews-title">
      <Title order={2} fz="h4" id="reviews-title" mb="xs">
        Recensioni dei pazienti
      </Title>
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {reviews.map((review) => (
          <li key={review.ReviewId}>
            <Paper withBorder radius="md" p="md" component="figure" m={0}>
              <RatingStars rating={review.Rating} size={18} />
              <Text component="blockquote" m={0} mt={6} style={{ whiteSpace: 'pre-line' }}>
                {review.text}
              </Text>
              <Text component="figcaption" size="sm" c="dimmed" mt={6}>
                <Text span fw={700} c="var(--mantine-color-text)">
                  {review.author}
                </Text>
                , {review.DateStr}
              </Text>
            </Paper>
          </li>
        ))}
      </Stack>
      {hasMore ? (
        <Center mt="sm">
          <Button variant="default" onClick={() => void loadMore()} loading={isLoadingMore}>
            Mostra altre recensioni
          </Button>
        </Center>
      ) : null}
    </section>
  );
}
