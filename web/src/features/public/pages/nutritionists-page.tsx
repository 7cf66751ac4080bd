import { List, SimpleGrid, Text, ThemeIcon, Title, Card } from '@mantine/core';
import { IconCertificate, IconHeartHandshake, IconSchool, IconShieldCheck } from '@tabler/icons-react';
import { NUTRITIONIST_MIN_EXPERIENCE_YEARS } from '../../../lib/shared-values';
import { Page } from '../../../ui/page';
import { QuestionnaireCta } from './cta-card';

const QUALITIES = [
  {
    icon: <IconSchool size={22} />,
    title: 'Formazione',
    text: 'Dietisti, biologi con master in nutrizione o medici dietologi.',
  },
  {
    icon: <IconCertificate size={22} />,
    title: 'Esperienza',
    text: `Almeno ${NUTRITIONIST_MIN_EXPERIENCE_YEARS} anni di libera professione alle spalle.`,
  },
  {
    icon: <IconShieldCheck size={22} />,
    title: 'Garanzie',
    text: 'Iscrizione all’albo professionale e assicurazione professionale.',
  },
  {
    icon: <IconHeartHandshake size={22} />,
    title: 'Approccio',
    text: 'Ascolto, percorsi personalizzati e obiettivi sostenibili nel tempo.',
  },
];

export function NutritionistsPage() {
  return (
    <Page
      title="I nostri nutrizionisti"
      description="Un team di professionisti selezionati, ciascuno con le proprie aree di specializzazione: dall’alimentazione sportiva a quella in gravidanza, dalla perdita di peso alla nutrizione vegetariana."
    >
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="lg">
        {QUALITIES.map((quality) => (
          <Card key={quality.title} withBorder radius="lg" padding="lg">
            <ThemeIcon size={44} radius="md" variant="light" aria-hidden>
              {quality.icon}
            </ThemeIcon>
            <Title order={2} fz="lg" mt="md">
              {quality.title}
            </Title>
            <Text size="sm" c="dimmed" mt={4}>
              {quality.text}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      <Title order={2} fz="h3" mt={48} mb="sm">
        Come scegliamo il tuo nutrizionista
      </Title>
      <List spacing="xs" maw={720}>
        <List.Item>Compili il questionario su obiettivi, abitudini e preferenze.</List.Item>
        <List.Item>
          L’algoritmo di abbinamento confronta le tue risposte con le specializzazioni del team.
        </List.Item>
        <List.Item>
          Ti presentiamo il professionista più adatto e fissate l’incontro conoscitivo gratuito.
        </List.Item>
      </List>
      <QuestionnaireCta />
    </Page>
  );
}
