/**
 * /Admin/UnassignedPatients (BusinessAdmin): people who registered when no suitable nutritionist was
 * available (onboarding step 0), longest waiting first. The hourly job tries the matching again by
 * itself; here an admin assigns one by hand. Either way the patient gets one e-mail.
 */
import { useState } from 'react';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconUserCheck } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { formatDateTime } from '../../../../lib/dates';
import { paths } from '../../../../paths';
import { LoadError } from '../../../../ui/load-error';
import { Page } from '../../../../ui/page';
import { PageLoader } from '../../../../ui/page-loader';
import { useUnassignedPatients, type UnassignedPatient } from '../api/unassigned-patients';
import { AssignNutritionistDialog } from '../components/assign-nutritionist-dialog';
import { genderPreferenceText } from '../components/gender-preference';

const DAY_MS = 86_400_000;

/** 'oggi', '1 giorno', '12 giorni' since the questionnaire (or the registration, without one). */
const waitingFor = (patient: UnassignedPatient, now: number) => {
  const days = Math.floor((now - Date.parse(patient.SubmittedAt ?? patient.RegisteredAt)) / DAY_MS);
  if (days < 1) return 'da oggi';
  return days === 1 ? 'da 1 giorno' : `da ${days} giorni`;
};

function PatientCard({ patient, onAssign }: { patient: UnassignedPatient; onAssign: () => void }) {
  const headingId = `patient-${patient.UserId}`;
  const preference = genderPreferenceText(patient.GenderPreference);
  return (
    <Paper component="article" withBorder radius="md" p="md" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Stack gap={4}>
          <Title order={2} fz="lg" id={headingId}>
            {patient.DisplayName}
          </Title>
          <Text size="sm" c="dimmed">
            {patient.SubmittedAt
              ? `Questionario inviato il ${formatDateTime(patient.SubmittedAt)}`
              : `Registrazione del ${formatDateTime(patient.RegisteredAt)}, senza questionario`}
            {` · in attesa ${waitingFor(patient, Date.now())}`}
          </Text>
        </Stack>
        <Group gap={6}>
          {patient.RequestedSkills.length ? (
            patient.RequestedSkills.map((skill) => (
              <Badge key={skill} variant="light" color="leaf">
                {skill}
              </Badge>
            ))
          ) : (
            <Text size="sm" c="dimmed">
              Nessuna competenza particolare richiesta
            </Text>
          )}
          {preference ? (
            <Badge variant="outline" color="gray">
              {preference}
            </Badge>
          ) : null}
        </Group>
        <Group justify="flex-end">
          <Button
            component={Link}
            to={paths.admin.patientEvents(patient.UserId)}
            variant="default"
            aria-label={`Cronologia di ${patient.DisplayName}`}
          >
            Cronologia
          </Button>
          <Button
            leftSection={<IconUserCheck size={18} aria-hidden />}
            onClick={onAssign}
            aria-label={`Assegna un nutrizionista a ${patient.DisplayName}`}
          >
            Assegna
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

export function UnassignedPatientsPage() {
  const list = useUnassignedPatients();
  const [assigning, setAssigning] = useState<UnassignedPatient | null>(null);

  return (
    <Page
      title="Pazienti da assegnare"
      description="Chi si è registrato quando nessun nutrizionista adatto era disponibile. Ogni ora l’abbinamento viene ritentato da solo; qui puoi sceglierne uno tu. Il paziente riceve un’e-mail."
      head={{ noIndex: true }}
    >
      {list.error ? (
        <LoadError onRetry={() => list.reload()} />
      ) : list.isLoading ? (
        <PageLoader />
      ) : list.patients.length === 0 ? (
        <Paper withBorder radius="md" p="lg">
          <Text>Nessun paziente in attesa: ognuno ha già il suo nutrizionista.</Text>
        </Paper>
      ) : (
        <Stack gap="sm">
          {list.patients.map((patient) => (
            <PatientCard key={patient.UserId} patient={patient} onAssign={() => setAssigning(patient)} />
          ))}
          {list.hasMore ? (
            <Group justify="center" mt="sm">
              <Button variant="default" loading={list.isLoadingMore} onClick={() => void list.loadMore()}>
                Mostra altri
              </Button>
            </Group>
          ) : null}
        </Stack>
      )}
      <AssignNutritionistDialog
        key={assigning?.UserId ?? 'none'}
        patient={assigning}
        onClose={() => setAssigning(null)}
        onAssigned={() => void list.reload()}
      />
    </Page>
  );
}
