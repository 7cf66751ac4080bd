/**
 * The nutritionist home's warning (docs/product.md#limits): fewer than 4 availability intervals in days 1-7 leave
 * patients little or nothing to book.
 */
import { Link } from 'react-router-dom';
import { Alert, Button, Text } from '@mantine/core';
import { IconCalendarExclamation } from '@tabler/icons-react';
import { AVAILABILITY_WARNING_BELOW } from '@nutri/shared';
import { paths } from '../../../paths';
import { useAvailability } from '../api/availability';

export function AvailabilityWarning() {
  const availability = useAvailability();
  if (!availability.data || availability.data.length >= AVAILABILITY_WARNING_BELOW) return null;
  const count = availability.data.length;
  return (
    <Alert
      color="apricot"
      variant="light"
      radius="lg"
      title="Poca disponibilità nei prossimi 7 giorni"
      icon={<IconCalendarExclamation size={20} aria-hidden />}
      role="status"
      styles={{ title: { color: 'var(--mantine-color-apricot-9)' } }}
    >
      <Text size="sm" mb="sm">
        {count === 0
          ? 'Non hai intervalli di disponibilità da domani ai prossimi 7 giorni: i pazienti non possono prenotare.'
          : `Hai solo ${count} ${count === 1 ? 'intervallo' : 'intervalli'} di disponibilità da domani ai prossimi 7 giorni (ne consigliamo almeno ${AVAILABILITY_WARNING_BELOW}): i pazienti potrebbero non trovare un orario.`}
      </Text>
      <Button component={Link} to={paths.nutritionistArea.calendar()} size="sm" color="apricot.8">
        Aggiungi disponibilità
      </Button>
    </Alert>
  );
}
