/**
 * /Nutritionists/{friendlyUrl}: the public profile (docs/product.md#screens): photo, name with honorific,
 * professional title, bio paragraphs and training lines (both newline-separated), specialization tags,
 * the patients' reviews approved by the staff, breadcrumb and the questionnaire call to action. Unknown or hidden profiles go to the not-found page.
 */
import { Navigate, useParams } from 'react-router-dom';
import { Container, Grid, List, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { isApiError } from '../../../api/api-error';
import { paths } from '../../../paths';
import { Breadcrumbs } from '../../../ui/breadcrumbs';
import { useHead } from '../../../ui/head';
import { LoadError } from '../../../ui/load-error';
import { ResponsiveImage } from '../../../ui/responsive-image';
import { QuestionnaireCta } from '../../../ui/questionnaire-cta';
import { usePublicNutritionist } from '../api/get-public-nutritionist';
import { SkillTags, nutritionistName } from '../components/nutritionist-card';
import { NutritionistReviews } from '../components/nutritionist-reviews';
import { NUTRITIONIST_PHOTO_SIZES } from '../image-sizes';

/** Non-empty lines of a newline-separated text. */
export const linesOf = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

export function NutritionistProfilePage() {
  const { friendlyUrl } = useParams();
  const { data: nutritionist, error, mutate } = usePublicNutritionist(friendlyUrl);
  const name = nutritionist ? nutritionistName(nutritionist) : null;

  useHead({
    title: name ? `${name}, ${nutritionist!.ProfessionalTitle}` : 'Nutrizionista',
    description: nutritionist
      ? `${name}, ${nutritionist.ProfessionalTitle}. ${linesOf(nutritionist.Bio)[0] ?? ''}`
      : null,
    image: nutritionist?.ImageFilePath?.['800'] ?? null,
    type: 'profile',
    canonicalPath: friendlyUrl ? paths.nutritionists.profile(friendlyUrl) : undefined,
  });

  if (isApiError(error, 404)) return <Navigate to={paths.notFound()} replace />;

  const crumbs = [
    { label: 'Home', href: paths.home() },
    { label: 'Nutrizionisti', href: paths.nutritionists.list() },
    { label: name ?? 'Profilo' },
  ];

  return (
    <Container size="lg" py={{ base: 'lg', md: 'xl' }}>
      <Breadcrumbs items={crumbs} />
      {error && !nutritionist ? (
        <>
          <Title order={1}>Profilo del nutrizionista</Title>
          <LoadError onRetry={() => mutate()} />
        </>
      ) : !nutritionist ? (
        <Grid gap="xl" aria-busy="true">
          <Grid.Col span={{ base: 12, sm: 5, md: 4 }}>
            <Skeleton radius="lg" style={{ aspectRatio: '1' }} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 7, md: 8 }}>
            <Skeleton h={36} w="70%" mb="md" />
            <Skeleton h={16} w="40%" mb="xl" />
            <Skeleton h={120} />
          </Grid.Col>
        </Grid>
      ) : (
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, sm: 5, md: 4 }}>
            <Paper radius="lg" withBorder style={{ overflow: 'hidden' }}>
              {nutritionist.ImageFilePath ? (
                <ResponsiveImage
                  urls={nutritionist.ImageFilePath}
                  alt={`Foto di ${name}`}
                  sizes={NUTRITIONIST_PHOTO_SIZES}
                  ratio={1}
                  priority
                />
              ) : null}
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 7, md: 8 }}>
            <Stack gap="lg">
              <div>
                <Title order={1} fz={{ base: 28, md: 36 }}>
                  {name}
                </Title>
                <Text size="lg" c="dimmed" mt={4}>
                  {nutritionist.ProfessionalTitle}
                </Text>
              </div>
              {nutritionist.Skills.length > 0 ? (
                <section aria-labelledby="skills-title">
                  <Title order={2} fz="h4" id="skills-title" mb="xs">
                    Specializzazioni
                  </Title>
                  <SkillTags skills={nutritionist.Skills} large />
                </section>
              ) : null}
              <section aria-labelledby="bio-title">
                <Title order={2} fz="h4" id="bio-title" mb="xs">
                  Chi sono
                </Title>
                <Stack gap="sm">
                  {linesOf(nutritionist.Bio).map((paragraph, index) => (
                    <Text key={index}>{paragraph}</Text>
                  ))}
                </Stack>
              </section>
              {linesOf(nutritionist.Training).length > 0 ? (
                <section aria-labelledby="training-title">
                  <Title order={2} fz="h4" id="training-title" mb="xs">
                    Formazione
                  </Title>
                  <List spacing="xs">
                    {linesOf(nutritionist.Training).map((line, index) => (
                      <List.Item key={index}>{line}</List.Item>
                    ))}
                  </List>
                </section>
              ) : null}
              <NutritionistReviews userId={nutritionist.UserId} />
            </Stack>
          </Grid.Col>
        </Grid>
      )}
      {/* Once the page has its content: shown earlier, it would be pushed down (layout shift). */}
      {nutritionist || error ? <QuestionnaireCta title="Vuoi iniziare il tuo percorso su Nutrì?" /> : null}
    </Container>
  );
}
