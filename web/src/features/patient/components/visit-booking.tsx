/**
 * Booking on the patient home (docs/product.md#states). The free introductory visit can be chosen only when the
 * nutritionist's calendar slots are available, slots exist and the patient has no late-cancelled
 * introductory visit; otherwise the patient is told to write in chat. Paid visits (50 minutes, 55 EUR,
 * awaiting payment once booked) are offered after a completed visit, when the next one is to be booked.
 */
import { Link } from 'react-router-dom';
import { Anchor, Group, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { BOOKING_TYPES, BookingType, PAYMENT_DEADLINE_DAYS } from '@nutri/shared';
import { formatEuro } from '../../../lib/money';
import { paths } from '../../../paths';
import { ButtonLink } from '../../../ui/light-button';
import { LoadError } from '../../../ui/load-error';
import { usePatientNutritionist } from '../../onboarding';
import { useHasLateCancelledIntro, useVisitSlots, type VisitKind } from '../api/patient-bookings';
import { VisitSlotChooser } from './visit-slot-chooser';

/** Steps of the onboarding (docs/product.md#states) at which the patient books the next visit themselves. */
export const PAID_VISIT_BOOKING_STEPS: readonly number[] = [6, 9];

export const chatNoticeTexts = {
  lateCancelled:
    'Hai annullato l’incontro conoscitivo a meno di 2 giorni dall’appuntamento: per fissarne un altro scrivi in chat al tuo nutrizionista.',
  noIntroSlots:
    'In questi giorni il tuo nutrizionista non ha orari liberi per l’incontro conoscitivo: scrivigli in chat e troverete insieme il momento giusto.',
  noPaidSlots:
    'In questi giorni il tuo nutrizionista non ha orari liberi per una visita: scrivigli in chat per fissare la prossima.',
} as const;

/** The alternative to choosing a slot: writing to the nutritionist in chat. */
export function WriteInChatNotice({ message }: { message: string }) {
  return (
    <Stack gap="sm" align="flex-start">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" radius="xl" size={36} aria-hidden>
          <IconMessageCircle size={20} />
        </ThemeIcon>
        <Text>{message}</Text>
      </Group>
      <ButtonLink to={paths.chat()} size="lg" color="apricot">
        Scrivi in chat
      </ButtonLink>
    </Stack>
  );
}

function ChooserLoading() {
  return (
    <Stack gap="sm" role="status" aria-busy="true" aria-label="Caricamento degli orari liberi">
      <Skeleton height={36} radius="xl" />
      <Skeleton height={36} radius="xl" />
      <Skeleton height={42} width={220} radius="md" />
    </Stack>
  );
}

function SlotsOrChat({ kind, emptyMessage }: { kind: VisitKind; emptyMessage: string }) {
  const slots = useVisitSlots(kind);
  if (slots.error) return <LoadError onRetry={() => slots.mutate()} />;
  if (!slots.data) return <ChooserLoading />;
  const type = BOOKING_TYPES[kind === 'intro' ? BookingType.FREE : BookingType.NORMAL];
  if (!Object.values(slots.data).some((times) => times.length > 0))
    return <WriteInChatNotice message={emptyMessage} />;
  return (
    <VisitSlotChooser
      kind={kind}
      slots={slots.data}
      durationMinutes={type.DurationMinutes}
      confirmLabel={kind === 'intro' ? 'Prenota l’incontro gratuito' : 'Prenota la visita'}
      reloadSlots={() => slots.mutate()}
    />
  );
}

/** Step 1: the free introductory visit, or the message to write in chat. */
export function IntroVisitBooking() {
  const nutritionist = usePatientNutritionist(true);
  const lateCancelled = useHasLateCancelledIntro();
  if (nutritionist.error || lateCancelled.error)
    return <LoadError onRetry={() => Promise.all([nutritionist.mutate(), lateCancelled.mutate()])} />;
  if (!nutritionist.data || lateCancelled.data === undefined) return <ChooserLoading />;
  if (lateCancelled.data) return <WriteInChatNotice message={chatNoticeTexts.lateCancelled} />;
  if (!nutritionist.data.CalendarSlotsAvailable)
    return <WriteInChatNotice message={chatNoticeTexts.noIntroSlots} />;
  return <SlotsOrChat kind="intro" emptyMessage={chatNoticeTexts.noIntroSlots} />;
}

/** Steps 6 and 9: the next paid visit, awaiting payment once booked. */
export function PaidVisitBooking() {
  const nutritionist = usePatientNutritionist(true);
  if (nutritionist.error) return <LoadError onRetry={() => nutritionist.mutate()} />;
  if (!nutritionist.data) return <ChooserLoading />;
  const visit = BOOKING_TYPES[BookingType.NORMAL];
  return (
    <Stack gap="md">
      <Text size="sm">
        {visit.Name} di {visit.DurationMinutes} minuti, {formatEuro(visit.PriceCents)}: la paghi con carta
        almeno {PAYMENT_DEADLINE_DAYS} giorni prima, altrimenti l’appuntamento non è confermato. Preferisci un
        altro orario?{' '}
        <Anchor component={Link} to={paths.chat()} fw={600}>
          Scrivi in chat
        </Anchor>
        .
      </Text>
      {nutritionist.data.CalendarSlotsAvailable ? (
        <SlotsOrChat kind="paid" emptyMessage={chatNoticeTexts.noPaidSlots} />
      ) : (
        <WriteInChatNotice message={chatNoticeTexts.noPaidSlots} />
      )}
    </Stack>
  );
}
