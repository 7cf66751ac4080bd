/**
 * Today's figures of the admin home (docs/product.md#back-office): each a link to the screen where the
 * figure is worked on. Counted by the server through indexes (GET Admin/Overview).
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Card, Group, SimpleGrid, Skeleton, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconAlertTriangle,
  IconCalendarEvent,
  IconCash,
  IconClipboardList,
  IconMailOff,
  IconReceiptRefund,
  IconUserQuestion,
} from '@tabler/icons-react';
import {
  ADMIN_OVERVIEW_WINDOW_DAYS,
  BookingStatus,
  UNPAID_DUE_WITHIN_DAYS,
  addRomeDays,
} from '@nutri/shared';
import { paths, withQuery } from '../../../../paths';
import { formatDate } from '../../../../lib/dates';
import { LoadError } from '../../../../ui/load-error';
import { useAdminOverview, type AdminOverviewView } from '../api/operations';

interface Figure {
  key: keyof Omit<AdminOverviewView, 'Date'>;
  label: string;
  hint: string;
  to: (today: string) => string;
  icon: ReactNode;
  /** A count above zero needs someone's attention. */
  alert?: boolean;
}

const FIGURES: readonly Figure[] = [
  {
    key: 'VisitsToday',
    label: 'Visite di oggi',
    hint: 'Confermate, ancora da svolgere o in corso',
    to: (today) =>
      withQuery(paths.admin.bookings(), { statusId: BookingStatus.BOOKED, from: today, to: today }),
    icon: <IconCalendarEvent size={22} />,
  },
  {
    key: 'UnpaidDueSoon',
    label: 'Da pagare entro 3 giorni',
    hint: `Appuntamenti non pagati nei prossimi ${UNPAID_DUE_WITHIN_DAYS} giorni`,
    to: (today) =>
      withQuery(paths.admin.bookings(), {
        statusId: BookingStatus.WAITINGFORPAYMENT,
        from: today,
        to: addRomeDays(today, UNPAID_DUE_WITHIN_DAYS),
      }),
    icon: <IconCash size={22} />,
    alert: true,
  },
  {
    key: 'PatientsWaiting',
    label: 'Pazienti senza nutrizionista',
    hint: 'In attesa di un’assegnazione',
    to: () => paths.admin.unassignedPatients(),
    icon: <IconUserQuestion size={22} />,
    alert: true,
  },
  {
    key: 'QuestionnairesWithoutAccount',
    label: 'Questionari senza account',
    hint: `Ricevuti negli ultimi ${ADMIN_OVERVIEW_WINDOW_DAYS} giorni, nessuno si è registrato`,
    to: () => withQuery(paths.admin.tallyWebhooks(), { filter: 'unclaimed' }),
    icon: <IconClipboardList size={22} />,
  },
  {
    key: 'FailedWebhooks',
    label: 'Webhook non riusciti',
    hint: `Questionari degli ultimi ${ADMIN_OVERVIEW_WINDOW_DAYS} giorni da controllare o rielaborare`,
    to: () => withQuery(paths.admin.tallyWebhooks(), { filter: 'open-failures' }),
    icon: <IconAlertTriangle size={22} />,
    alert: true,
  },
  {
    key: 'BouncedMails',
    label: 'E-mail respinte',
    hint: `Respinte, scartate o segnalate come spam negli ultimi ${ADMIN_OVERVIEW_WINDOW_DAYS} giorni`,
    to: () => paths.admin.bouncedMails(),
    icon: <IconMailOff size={22} />,
    alert: true,
  },
  {
    key: 'OpenRefunds',
    label: 'Rimborsi aperti',
    hint: 'Dovuti e non ancora emessi',
    to: () => withQuery(paths.admin.bookings(), { paid: 'true', statusId: BookingStatus.CANCELLED }),
    icon: <IconReceiptRefund size={22} />,
    alert: true,
  },
];

function FigureCard({ figure, value, today }: { figure: Figure; value: number; today: string }) {
  const attention = Boolean(figure.alert && value > 0);
  const id = `figure-${figure.key}`;
  return (
    <Card
      component={Link}
      to={figure.to(today)}
      withBorder
      radius="lg"
      padding="lg"
      shadow="xs"
      style={{ textDecoration: 'none' }}
      aria-labelledby={id}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Text id={id} fw={700} c="dark.7">
            <span style={{ fontSize: 34, lineHeight: 1.1, display: 'block' }}>{value}</span>
            {figure.label}
          </Text>
          <Text size="sm" c="dimmed" mt={4}>
            {figure.hint}
          </Text>
        </div>
        <ThemeIcon size={40} radius="md" variant="light" color={attention ? 'orange' : 'leaf'} aria-hidden>
          {figure.icon}
        </ThemeIcon>
      </Group>
    </Card>
  );
}

export function OverviewFigures() {
  const overview = useAdminOverview();
  return (
    <section aria-labelledby="today-figures">
      <Title order={2} fz="h3" id="today-figures" mb="md">
        Oggi{overview.data ? `, ${formatDate(overview.data.Date)}` : ''}
      </Title>
      {overview.error ? (
        <LoadError onRetry={() => void overview.mutate()} />
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md" mb={48}>
          {FIGURES.map((figure) =>
            overview.data ? (
              <FigureCard
                key={figure.key}
                figure={figure}
                value={overview.data[figure.key]}
                today={overview.data.Date}
              />
            ) : (
              <Skeleton key={figure.key} height={132} radius="lg" />
            ),
          )}
        </SimpleGrid>
      )}
    </section>
  );
}
