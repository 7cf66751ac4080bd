/**
 * Own patients, each with links to their bookings and their chat and a quick new booking. The e-mail under
 * each name tells patients of the same name apart (also in the buttons' accessible names).
 */
import { Link } from 'react-router-dom';
import { Anchor, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconCalendarPlus, IconMessageCircle } from '@tabler/icons-react';
import type { OwnPatientRef } from '@nutri/shared';
import { paths } from '../../../paths';
import { LoadError } from '../../../ui/load-error';
import classes from './patient-list.module.css';

export function PatientList({
  patients,
  error,
  onRetry,
  onNewBooking,
  emptyText = 'Non hai ancora pazienti assegnati.',
}: {
  patients: OwnPatientRef[] | undefined;
  error: unknown;
  onRetry: () => unknown;
  onNewBooking?: (patient: OwnPatientRef) => void;
  emptyText?: string;
}) {
  if (error && !patients) return <LoadError onRetry={onRetry} />;
  if (!patients) {
    return (
      <Stack gap="xs" aria-busy="true">
        <Skeleton height={40} />
        <Skeleton height={40} />
        <Skeleton height={40} />
      </Stack>
    );
  }
  if (patients.length === 0) return <Text c="dimmed">{emptyText}</Text>;
  return (
    <ul className={classes.list} aria-label="Pazienti">
      {patients.map((patient) => {
        const who = patient.Email ? `${patient.DisplayName} (${patient.Email})` : patient.DisplayName;
        return (
          <li key={patient.UserId} className={classes.row}>
            <Stack gap={0} className={classes.name}>
              <Anchor
                component={Link}
                to={paths.nutritionistArea.patientBookings(patient.UserId)}
                state={{ displayName: patient.DisplayName }}
                fw={600}
              >
                {patient.DisplayName || 'Paziente'}
              </Anchor>
              {patient.Email ? (
                <Text size="sm" c="dimmed">
                  {patient.Email}
                </Text>
              ) : null}
            </Stack>
            <Group gap={6} wrap="nowrap">
              <Button
                component={Link}
                to={paths.chat({ UserId: patient.UserId })}
                variant="subtle"
                size="compact-sm"
                leftSection={<IconMessageCircle size={16} aria-hidden />}
                aria-label={`Chat con ${who}`}
              >
                Chat
              </Button>
              {onNewBooking ? (
                <Button
                  variant="subtle"
                  size="compact-sm"
                  leftSection={<IconCalendarPlus size={16} aria-hidden />}
                  onClick={() => onNewBooking(patient)}
                  aria-label={`Prenota un appuntamento per ${who}`}
                >
                  Prenota
                </Button>
              ) : null}
            </Group>
          </li>
        );
      })}
    </ul>
  );
}
