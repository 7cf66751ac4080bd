/** Public marketing home (spec section 1): questionnaire -> match -> free introductory call -> 50-minute visits. */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import {
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Container,
  Grid,
  Group,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconCalendarCheck,
  IconCheck,
  IconClock,
  IconMessageCircle,
  IconReceiptEuro,
  IconVideo,
} from '@tabler/icons-react';
import {
  DURATION_MINUTES,
  FREE_CHANGE_DEADLINE_DAYS,
  IRPEF_DEDUCTION_PERCENT,
  NUTRITIONIST_MIN_EXPERIENCE_YEARS,
  NUTRITIONIST_SHARE_CENTS,
  PAID_VISIT_PRICE_CENTS,
  PAYMENT_DEADLINE_DAYS,
} from '../../../lib/shared-values';
import { formatEuro } from '../../../lib/money';
import { paths } from '../../../paths';
import { usePageTitle } from '../../../ui/use-page-title';
import classes from './home-page.module.css';

const price = formatEuro(PAID_VISIT_PRICE_CENTS);

const STEPS = [
  {
    title: 'Compila il questionario',
    text: 'Raccontaci obiettivi, abitudini e preferenze alimentari: bastano pochi minuti.',
  },
  {
    title: 'Ti abbiniamo al nutrizionista',
    text: 'Tra i professionisti del team scegliamo quello più adatto alle tue esigenze.',
  },
  {
    title: 'Incontro conoscitivo gratuito',
    text: 'Una videochiamata di circa 20 minuti per conoscervi e capire come lavorare insieme, senza impegno.',
  },
  {
    title: `Visite da ${DURATION_MINUTES.NORMAL} minuti`,
    text: `Ogni visita costa ${price}. Prenoti, paghi con carta e ti colleghi da dove vuoi.`,
  },
] as const;

const CRITERIA = [
  'Dietisti, biologi con master in nutrizione o medici dietologi',
  `Almeno ${NUTRITIONIST_MIN_EXPERIENCE_YEARS} anni di libera professione`,
  'Iscrizione all’albo professionale e assicurazione professionale',
  'Valori condivisi: ascolto, niente diete standard, obiettivi sostenibili',
];

export function HomePage() {
  usePageTitle(null);
  return (
    <>
      <section className={classes.hero} aria-labelledby="home-title">
        <Container size="lg">
          <Grid gap={{ base: 'xl', md: 48 }} align="center">
            <Grid.Col span={{ base: 12, md: 7 }}>
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
                  <Button component={Link} to={paths.findNutritionist()} size="lg" color="apricot">
                    Trova il tuo nutrizionista
                  </Button>
                  <Button component="a" href="#come-funziona" size="lg" variant="subtle">
                    Come funziona
                  </Button>
                </Group>
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }}>
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
            </Grid.Col>
          </Grid>
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
          <SimpleGrid
            cols={{ base: 1, sm: 2, md: 4 }}
            spacing="lg"
            component="ol"
            style={{ listStyle: 'none', padding: 0 }}
          >
            {STEPS.map((step, index) => (
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
          </SimpleGrid>
        </section>

        <section className={classes.section} aria-labelledby="team-title">
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing={48}>
            <Stack gap="md">
              <Title order={2} id="team-title">
                Solo professionisti selezionati
              </Title>
              <Text>
                Ogni nutrizionista del team è scelto con cura. Valutiamo formazione, esperienza e modo di
                lavorare, perché il tuo percorso sia serio e su misura.
              </Text>
              <List
                spacing="sm"
                icon={
                  <ThemeIcon size={22} radius="xl" aria-hidden>
                    <IconCheck size={14} />
                  </ThemeIcon>
                }
              >
                {CRITERIA.map((criterion) => (
                  <List.Item key={criterion}>{criterion}</List.Item>
                ))}
              </List>
              <Anchor component={Link} to={paths.nutritionists.list()} fw={600}>
                Conosci i nostri nutrizionisti
              </Anchor>
            </Stack>
            <Paper withBorder radius="lg" p="xl" bg="white" aria-labelledby="price-title" component="section">
              <Group gap="sm" mb="md">
                <ThemeIcon size={40} radius="md" variant="light" color="apricot" aria-hidden>
                  <IconCalendarCheck size={22} />
                </ThemeIcon>
                <Title order={2} fz="h3" id="price-title">
                  Quanto costa
                </Title>
              </Group>
              <Stack gap="xs">
                <Group justify="space-between">
                  <Text>Incontro conoscitivo (circa 20 minuti)</Text>
                  <Text fw={700} c="leaf.8">
                    Gratis
                  </Text>
                </Group>
                <Group justify="space-between">
                  <Text>Visita nutrizionale ({DURATION_MINUTES.NORMAL} minuti)</Text>
                  <Text fw={700} c="leaf.8">
                    {price}
                  </Text>
                </Group>
              </Stack>
              <Text size="sm" c="dimmed" mt="md">
                Per ogni visita ricevi due fatture: {formatEuro(NUTRITIONIST_SHARE_CENTS)} per la prestazione
                sanitaria del nutrizionista, detraibile al {IRPEF_DEDUCTION_PERCENT}% come spesa sanitaria, e
                la parte restante da Nutrì.
              </Text>
              <Text size="sm" c="dimmed" mt="xs">
                Il pagamento avviene almeno {PAYMENT_DEADLINE_DAYS} giorni prima dell’appuntamento. Puoi
                spostare o annullare gratuitamente, con rimborso completo, fino a {FREE_CHANGE_DEADLINE_DAYS}{' '}
                giorni prima.
              </Text>
            </Paper>
          </SimpleGrid>
        </section>

        <section className={classes.band} aria-labelledby="cta-title">
          <Grid align="center" gap="lg">
            <Grid.Col span={{ base: 12, md: 8 }}>
              <Title order={2} id="cta-title" c="white">
                Pronto a iniziare?
              </Title>
              <Text c="leaf.0" mt={6}>
                Il questionario è gratuito e senza impegno: ti presentiamo il nutrizionista più adatto a te.
              </Text>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <Group justify="flex-end">
                <Button component={Link} to={paths.findNutritionist()} size="lg" color="apricot" fullWidth>
                  Inizia il questionario
                </Button>
              </Group>
            </Grid.Col>
          </Grid>
        </section>
        <Box mt="xl">
          <Text size="sm" c="dimmed">
            Hai domande? Leggi le{' '}
            <Anchor component={Link} to={paths.faq()}>
              domande frequenti
            </Anchor>
            .
          </Text>
        </Box>
      </Container>
    </>
  );
}

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
