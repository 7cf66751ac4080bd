/**
 * Assign a nutritionist by hand: every nutritionist with a public profile, ranked by the same matching
 * the questionnaire runs (the one it would choose marked 'Consigliato', with its reasons); the admin may
 * pick another. The patient gets the 'nutritionist found' e-mail once.
 */
import { useEffect, useState } from 'react';
import { Alert, Badge, Button, Group, Modal, Radio, ScrollArea, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import { isApiError } from '../../../../api/api-error';
import { honorific } from '../../../../lib/honorific';
import { errorTexts } from '../../../../lib/shared-values';
import { showSuccessToast } from '../../../../ui/notify';
import { PageLoader } from '../../../../ui/page-loader';
import { LoadError } from '../../../../ui/load-error';
import {
  assignNutritionist,
  useAssignmentCandidates,
  type AssignmentCandidate,
  type UnassignedPatient,
} from '../api/unassigned-patients';
import classes from './assign-nutritionist-dialog.module.css';
import { genderPreferenceText } from './gender-preference';

const nameOf = (candidate: Pick<AssignmentCandidate, 'PersonalTitle' | 'DisplayName'>) =>
  `${honorific(candidate.PersonalTitle)} ${candidate.DisplayName}`;

const patientsText = (count: number) => (count === 1 ? '1 paziente' : `${count} pazienti`);

function CandidateOption({ candidate }: { candidate: AssignmentCandidate }) {
  return (
    <Radio.Card value={candidate.UserId} radius="md" p="sm">
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Radio.Indicator mt={3} />
        <Stack gap={4}>
          <Group gap={6}>
            <Text fw={700}>{nameOf(candidate)}</Text>
            {candidate.Recommended ? (
              <Badge color="leaf" variant="filled" size="sm">
                Consigliato
              </Badge>
            ) : null}
          </Group>
          <Group gap={6}>
            <Badge variant="light" color="gray" size="sm">
              {patientsText(candidate.ActivePatients)}
            </Badge>
            <Badge variant="light" color={candidate.CalendarSlotsAvailable ? 'leaf' : 'apricot'} size="sm">
              {candidate.CalendarSlotsAvailable
                ? 'Disponibile in settimana'
                : 'Nessuna disponibilità in settimana'}
            </Badge>
          </Group>
          {candidate.MatchingSkills.length ? (
            <Text size="sm">Competenze richieste: {candidate.MatchingSkills.join(', ')}</Text>
          ) : (
            <Text size="sm" c="dimmed">
              Nessuna delle competenze richieste
            </Text>
          )}
          <Text size="xs" c="dimmed">
            Punteggio {candidate.Score}: {candidate.Reasons.join(' · ')}
          </Text>
        </Stack>
      </Group>
    </Radio.Card>
  );
}

export function AssignNutritionistDialog({
  patient,
  onClose,
  onAssigned,
}: {
  patient: UnassignedPatient | null;
  onClose: () => void;
  /** The list changed (assigned here, or by someone else meanwhile): reload it. */
  onAssigned: () => void;
}) {
  const phone = useMediaQuery('(max-width: 36em)');
  const candidates = useAssignmentCandidates(patient?.UserId ?? null);
  const [selected, setSelected] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  // The matching's own choice comes preselected: one click when the admin agrees.
  const recommended = candidates.data?.Data.find((candidate) => candidate.Recommended)?.UserId ?? null;
  useEffect(() => {
    setSelected((current) => current ?? recommended);
  }, [recommended]);

  const assign = async () => {
    if (!patient || !selected) return;
    setSaving(true);
    setProblem(null);
    try {
      const result = await assignNutritionist(patient.UserId, selected);
      const chosen = candidates.data?.Data.find((candidate) => candidate.UserId === selected);
      showSuccessToast(
        result.MailSent
          ? `${patient.DisplayName} ora ha come nutrizionista ${chosen ? nameOf(chosen) : 'quello scelto'}: l’e-mail di avviso è partita.`
          : `${patient.DisplayName} ora ha un nutrizionista. L’e-mail partirà al prossimo tentativo automatico.`,
        { title: 'Nutrizionista assegnato' },
      );
      onAssigned();
      onClose();
    } catch (error) {
      if (isApiError(error, 409)) {
        // Someone (the hourly job, another admin) was quicker: the list drops this patient.
        setProblem(error.serverMessage ?? errorTexts.cannotSaveData);
        onAssigned();
      } else if (isApiError(error, 400)) {
        setProblem(
          error.fieldErrors.NutritionistUserId?.[0] ?? error.serverMessage ?? errorTexts.cannotSaveData,
        );
        void candidates.mutate();
      } else {
        setProblem(errorTexts.cannotSaveData);
      }
    } finally {
      setSaving(false);
    }
  };

  const preference = patient ? genderPreferenceText(patient.GenderPreference) : null;
  return (
    <Modal
      opened={patient !== null}
      onClose={onClose}
      title={patient ? `Assegna un nutrizionista a ${patient.DisplayName}` : ''}
      size="lg"
      fullScreen={phone}
      radius="lg"
      closeButtonProps={{ 'aria-label': 'Chiudi' }}
      scrollAreaComponent={ScrollArea.Autosize}
    >
      {patient ? (
        <Stack gap="md">
          <Text size="sm">
            {patient.RequestedSkills.length
              ? `Chiede: ${patient.RequestedSkills.join(', ')}.`
              : 'Non ha indicato competenze particolari.'}
            {preference ? ` ${preference}.` : ''}
          </Text>
          {candidates.error ? (
            <LoadError onRetry={() => candidates.mutate()} />
          ) : !candidates.data ? (
            <PageLoader label="Caricamento dei nutrizionisti…" />
          ) : candidates.data.Data.length === 0 ? (
            <Text c="dimmed">
              Nessun nutrizionista ha il profilo pubblico: rendine visibile uno e riprova.
            </Text>
          ) : (
            <Radio.Group
              value={selected}
              onChange={setSelected}
              label="Nutrizionista"
              description="In ordine di abbinamento: prima chi il questionario sceglierebbe."
            >
              <Stack gap="xs" mt="xs">
                {candidates.data.Data.map((candidate) => (
                  <CandidateOption key={candidate.UserId} candidate={candidate} />
                ))}
              </Stack>
            </Radio.Group>
          )}
          {problem ? (
            <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle aria-hidden />}>
              {problem}
            </Alert>
          ) : null}
          {/* The list can be long: the buttons stay in view at the bottom of the dialog. */}
          <Group justify="flex-end" gap="sm" className={classes.actions}>
            <Button variant="default" onClick={onClose}>
              Annulla
            </Button>
            <Button onClick={() => void assign()} loading={saving} disabled={!selected}>
              Assegna e avvisa il paziente
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
