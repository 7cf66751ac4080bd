/**
 * The home page below its first screen (see home-page.tsx): specialization areas, who the nutritionists
 * are and what it costs, customer reviews, the blog grid, the closing call to action.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Anchor, Group, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconApple,
  IconBabyCarriage,
  IconBarbell,
  IconCalendarCheck,
  IconCheck,
  IconFlower,
  IconHeartbeat,
  IconLeaf,
  IconMoodKid,
  IconOld,
  IconRun,
  IconSalad,
  IconScale,
  IconSchool,
  IconToolsKitchen2,
} from '@tabler/icons-react';
import {
  DURATION_MINUTES,
  FREE_CHANGE_DEADLINE_DAYS,
  IRPEF_DEDUCTION_PERCENT,
  NUTRITIONIST_MIN_EXPERIENCE_YEARS,
  NUTRITIONIST_SHARE_CENTS,
  PAID_VISIT_PRICE_CENTS,
  PAYMENT_DEADLINE_DAYS,
  SPECIALIZATION_AREAS_MIN,
} from '../../../lib/shared-values';
import { formatEuro } from '../../../lib/money';
import { paths } from '../../../paths';
import { HomeBlogGrid } from '../../content';
import { ReviewsSection } from '../components/reviews-section';
import { QuestionnaireButton } from '../components/questionnaire-button';
import classes from './home-page.module.css';

const price = formatEuro(PAID_VISIT_PRICE_CENTS);

/** The specialization areas of the team (docs/product.md#limits: 11 or more). */
const AREAS: readonly { label: string; icon: ReactNode }[] = [
  { label: 'Dimagrimento e gestione del peso', icon: <IconScale size={20} /> },
  { label: 'Alimentazione sportiva', icon: <IconRun size={20} /> },
  { label: 'Gravidanza e allattamento', icon: <IconBabyCarriage size={20} /> },
  { label: 'Alimentazione vegetariana e vegana', icon: <IconLeaf size={20} /> },
  { label: 'Nutrizione in età pediatrica', icon: <IconMoodKid size={20} /> },
  { label: 'Menopausa', icon: <IconFlower size={20} /> },
  { label: 'Benessere intestinale', icon: <IconSalad size={20} /> },
  { label: 'Aumento della massa muscolare', icon: <IconBarbell size={20} /> },
  { label: 'Prevenzione e stile di vita sano', icon: <IconHeartbeat size={20} /> },
  { label: 'Educazione alimentare', icon: <IconSchool size={20} /> },
  { label: 'Alimentazione nella terza età', icon: <IconOld size={20} /> },
  { label: 'Intolleranze alimentari', icon: <IconApple size={20} /> },
  { label: 'Rapporto sereno con il cibo', icon: <IconToolsKitchen2 size={20} /> },
];

/** Selection criteria (the FAQ's). */
const CRITERIA = [
  'Valori condivisi: ascolto, niente diete standard, obiettivi sostenibili nel tempo',
  'Formazione: dietisti, biologi con master in nutrizione o medici dietologi',
  `Almeno ${NUTRITIONIST_MIN_EXPERIENCE_YEARS} anni di esperienza in libera professione`,
  'Iscrizione all’albo professionale e assicurazione professionale',
];

export default function HomeSections() {
  return (
    <>
      <section className={classes.section} aria-labelledby="areas-title">
        <Title order={2} id="areas-title" mb="xs">
          {SPECIALIZATION_AREAS_MIN}+ aree di specializzazione
        </Title>
        <Text c="dimmed" mb="xl" maw={640}>
          Qualunque sia il tuo obiettivo, nel team c’è un professionista che se ne occupa ogni giorno.
        </Text>
        <ul className={classes.areas}>
          {AREAS.map((area) => (
            <li key={area.label} className={classes.area}>
              <ThemeIcon size={36} radius="md" variant="light" aria-hidden>
                {area.icon}
              </ThemeIcon>
              <span>{area.label}</span>
            </li>
          ))}
        </ul>
        <Text size="sm" c="dimmed" mt="md">
          Il servizio non è adatto a condizioni che richiedono una dietoterapia medica: in questi casi
          rivolgiti al tuo medico.
        </Text>
      </section>

      <section className={classes.section} aria-labelledby="team-title">
        <div className={classes.teamGrid}>
          <Stack gap="md">
            <Title order={2} id="team-title">
              Chi sono i nostri nutrizionisti
            </Title>
            <Text>
              Ogni professionista del team è scelto con cura: valutiamo formazione, esperienza e modo di
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
            <Group gap="sm" mb="md" wrap="nowrap">
              <ThemeIcon size={40} radius="md" variant="light" color="apricot" aria-hidden>
                <IconCalendarCheck size={22} />
              </ThemeIcon>
              <Title order={3} fz="h3" id="price-title">
                Quanto costa
              </Title>
            </Group>
            <dl className={classes.prices}>
              <div>
                <dt>Incontro conoscitivo (circa 20 minuti)</dt>
                <dd>Gratis</dd>
              </div>
              <div>
                <dt>Visita nutrizionale ({DURATION_MINUTES.NORMAL} minuti)</dt>
                <dd>{price}</dd>
              </div>
            </dl>
            <Text size="sm" c="dimmed" mt="md">
              Per ogni visita ricevi due fatture: {formatEuro(NUTRITIONIST_SHARE_CENTS)} per la prestazione
              sanitaria del nutrizionista, detraibile al {IRPEF_DEDUCTION_PERCENT}% come spesa sanitaria, e la
              parte restante da Nutrì.
            </Text>
            <Text size="sm" c="dimmed" mt="xs">
              Il pagamento avviene almeno {PAYMENT_DEADLINE_DAYS} giorni prima dell’appuntamento. Puoi
              spostare o annullare gratuitamente, con rimborso completo, fino a {FREE_CHANGE_DEADLINE_DAYS}{' '}
              giorni prima.
            </Text>
          </Paper>
        </div>
      </section>

      <ReviewsSection />

      <HomeBlogGrid className={classes.section} />

      <section className={classes.band} aria-labelledby="cta-title">
        <div className={classes.bandGrid}>
          <div>
            <Title order={2} id="cta-title" c="white">
              Vuoi iniziare?
            </Title>
            <Text c="leaf.0" mt={6}>
              Il questionario è gratuito e senza impegno: ti presentiamo il nutrizionista più adatto a te e
              fissate insieme l’incontro conoscitivo.
            </Text>
          </div>
          <QuestionnaireButton fullWidth />
        </div>
      </section>
      <Text size="sm" c="dimmed" mt="xl">
        Hai domande? Leggi le{' '}
        <Anchor component={Link} to={paths.faq()}>
          domande frequenti
        </Anchor>
        .
      </Text>
    </>
  );
}
