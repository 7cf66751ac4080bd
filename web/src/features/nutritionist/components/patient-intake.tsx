/**
 * A patient's questionnaire answers as their nutritionist sees them (GET Tally/Patient/{userId}; the
 * server leaves out hidden, phone and e-mail fields for nutritionists). Health data: read on demand, never
 * cached beyond the open view, never logged.
 */
import useSWR from 'swr';
import { Skeleton, Stack, Text } from '@mantine/core';
import { isApiError } from '../../../api/api-error';
import { api, apiPath } from '../../../api/client';
import { onFirstUse } from '../../../lib/on-first-use';
import { LoadError } from '../../../ui/load-error';
import classes from './patient-intake.module.css';

interface IntakeField {
  key: string;
  label: string;
  type: string;
  value: string | number | boolean | string[] | null;
  options?: { id: string; text: string }[];
}

interface IntakeResponse {
  /** JSON of the answered fields. */
  Data: string;
  SubmittedAt: string;
}

const parseFields = (data: string): IntakeField[] => {
  try {
    const parsed = JSON.parse(data) as unknown;
    return Array.isArray(parsed) ? (parsed as IntakeField[]) : [];
  } catch {
    return [];
  }
};

/** Loaded while the view is open only; SWR's cache entry is dropped with it (no revalidation on focus). */
export const usePatientIntake = (patientUserId: string | null) =>
  useSWR(
    patientUserId ? apiPath('Tally', 'Patient', patientUserId) : null,
    async (key: string) => {
      const response = await api.get<IntakeResponse>(key);
      return { fields: parseFields(response.Data), submittedAt: response.SubmittedAt };
    },
    { onError: () => undefined, revalidateOnFocus: false, shouldRetryOnError: false },
  );

/** The answer as text: choices by their label, yes/no in Italian, nothing as a dash. */
const answerText = (field: IntakeField) => {
  const optionText = (id: string) => field.options?.find((option) => option.id === id)?.text ?? id;
  const { value } = field;
  if (value === null || value === '' || (Array.isArray(value) && value.length === 0)) return '—';
  if (Array.isArray(value)) return value.map(optionText).join(', ');
  if (typeof value === 'boolean') return value ? 'Sì' : 'No';
  if (typeof value === 'number') return String(value);
  return optionText(value);
};

const submittedFormat = onFirstUse(
  () =>
    new Intl.DateTimeFormat('it-IT', {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      timeZone: 'Europe/Rome',
    }),
);

export function PatientIntake({ patientUserId }: { patientUserId: string }) {
  const intake = usePatientIntake(patientUserId);
  if (isApiError(intake.error, 404) || isApiError(intake.error, 403))
    return <Text c="dimmed">Questo paziente non ha risposte al questionario da mostrare.</Text>;
  if (intake.error) return <LoadError onRetry={() => intake.mutate()} />;
  if (!intake.data)
    return (
      <Stack gap="sm" aria-busy="true">
        <Skeleton height={48} />
        <Skeleton height={48} />
        <Skeleton height={48} />
      </Stack>
    );
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Questionario compilato il {submittedFormat().format(new Date(intake.data.submittedAt))}.
      </Text>
      <dl className={classes.answers}>
        {intake.data.fields.map((field) => (
          <div key={field.key} className={classes.answer}>
            <dt className={classes.question}>{field.label}</dt>
            <dd className={classes.value}>{answerText(field)}</dd>
          </div>
        ))}
      </dl>
    </Stack>
  );
}
