/**
 * Public marketing home (docs/product.md#overview): how it works (questionnaire -> match -> free introductory
 * meeting -> paid visits), then (home-sections.tsx) the specialization areas, who the nutritionists are,
 * three customer reviews, the blog grid and calls to action to the questionnaire.
 *
 * This is the landing chunk (app/areas/landing.ts), measured by the build's landing budget: it holds what
 * the first screen shows; the sections below it arrive in their own chunk, requested as soon as this one
 * runs, and their data loads after the first paint. Keep zod and heavy components out of both.
 */
import { Suspense, lazy, type ReactNode } from 'react';
import { Badge, Card, Container, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconClock, IconMessageCircle, IconReceiptEuro, IconVideo } from '@tabler/icons-react';
import { DURATION_MINUTES, PAID_VISIT_PRICE_CENTS } from '../../../lib/shared-values';
import { formatEuro } from '../../../lib/money';
import { paths } from '../../../paths';
import { DEFAULT_DESCRIPTION, useHead } from '../../../ui/head';
import { ButtonAnchor } from '../../../ui/light-button';
import { QuestionnaireButton } from '../components/questionnaire-button';
import classes from './home-page.module.css';

let sectionsModule: Promise<typeof import('./home-sections')> | undefined;
const loadSections = () => (sectionsModule ??= import('./home-sections'));
const HomeSections = lazy(loadSections);
// This module is part of the entry, which every page loads: on a visit of `/` the sections are requested
// right after the entry has run (not on first render), so they download while the first screen renders;
// other pages never load them. A task of its own: requesting a chunk adds links for its files, main-thread
// work that would lengthen the entry's already long evaluation.
if (typeof window !== 'undefined' && window.location.pathname === paths.home.pattern)
  setTimeout(() => void loadSections(), 0);

/** The four steps; formatted on render, as the entry's evaluation would pay the first Intl use (ICU's data). */
const stepsWith = (price: string) => [
  {
    title: 'Compila il questionario',
    text: 'Raccontaci obiettivi, abitudini e preferenze alimentari: bastano pochi minuti ed è gratuito.',
  },
  {
    title: 'Ti abbiniamo al nutrizionista',
    text: 'Il nostro algoritmo sceglie tra i professionisti del team quello più adatto alle tue esigenze.',
  },
  {
    title: 'Incontro conoscitivo gratuito',
    text: 'Una videochiamata di circa 20 minuti (al massimo 30) per conoscervi, senza impegno.',
  },
  {
    title: `Visite da ${DURATION_MINUTES.NORMAL} minuti`,
    text: `Ogni visita costa ${price}: prenoti, paghi con carta e ti colleghi da dove vuoi.`,
  },
];

function Highlight({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Group gap="md" wrap="nowrap" align="flex-start">
      <ThemeIcon size={42} radius="md" variant="light" aria-hidden>
        {icon}
      </ThemeIcon>
      <div>
        <Text fw={700}>{title}</Text>
        <Text size="sm" c="dimmed">
          {children}
        </Text>
      </div>
    </Group>
  );
}

export function HomePage() {
  useHead({ title: null, description: DEFAULT_DESCRIPTION, canonicalPath: paths.home() });
  const price = formatEuro(PAID_VISIT_PRICE_CENTS);
  return (
    <>
      <section className={classes.hero} aria-labelledby="home-title">
        <Container size="lg">
          <div className={classes.heroGrid}>
            <div>
              <Stack gap="lg">
                <Badge variant="light" color="leaf" size="lg" radius="sm" w="fit-content">
                  Nutrizionisti online selezionati
                </Badge>
                <Title order={1} id="home-title" className={classes.heroTitle}>
                  Il nutrizionista giusto per te,{' '}
                  <span className={classes.highlight}>comodamente online</span>
                </Title>
                <Text size="lg" maw={560}>
                  Rispondi a un breve questionario: ti abbiniamo al professionista più adatto a te. Il primo
                  incontro conoscitivo in videochiamata è gratuito, poi prosegui con visite da{' '}
                  {DURATION_MINUTES.NORMAL} minuti a {price}.
                </Text>
                <Group gap="sm">
                  <QuestionnaireButton />
                  <ButtonAnchor href="#come-funziona" size="lg" variant="subtle">
                    Come funziona
                  </ButtonAnchor>
                </Group>
              </Stack>
            </div>
            <div>
              <Paper withBorder radius="lg" p="xl" shadow="sm">
                <Stack gap="lg">
                  <Highlight icon={<IconVideo size={22} />} title="Incontro conoscitivo gratuito">
                    Circa 20 minuti in videochiamata per conoscere il tuo nutrizionista.
                  </Highlight>
                  <Highlight
                    icon={<IconClock size={22} />}
                    title={`Visite da ${DURATION_MINUTES.NORMAL} minuti`}
                  >
                    Sempre online, nel giorno e nell’orario che preferisci.
                  </Highlight>
                  <Highlight icon={<IconReceiptEuro size={22} />} title={`${price} a visita`}>
                    Prezzo fisso, pagamento con carta. La parte sanitaria è detraibile.
                  </Highlight>
                  <Highlight icon={<IconMessageCircle size={22} />} title="Chat con il tuo nutrizionista">
                    Ti risponde entro poche ore e ricevi una notifica via e-mail.
                  </Highlight>
                </Stack>
              </Paper>
            </div>
          </div>
        </Container>
      </section>

      <Container size="lg">
        <section id="come-funziona" className={classes.section} aria-labelledby="how-title">
          <Title order={2} id="how-title" mb="xs">
            Come funziona
          </Title>
          <Text c="dimmed" mb="xl" maw={640}>
            Dal questionario alla prima visita in quattro passi, senza spostarti da casa.
          </Text>
          <ol className={classes.steps}>
            {stepsWith(price).map((step, index) => (
              <Card component="li" key={step.title} withBorder radius="lg" padding="lg">
                <span className={classes.stepNumber} aria-hidden>
                  {index + 1}
                </span>
                <Title order={3} fz="lg" mt="md" mb={6}>
                  {step.title}
                </Title>
                <Text size="sm" c="dimmed">
                  {step.text}
                </Text>
              </Card>
            ))}
          </ol>
        </section>

        <Suspense fallback={<div className={classes.belowFoldPlaceholder} aria-hidden="true" />}>
          <HomeSections />
        </Suspense>
      </Container>
    </>
  );
}
