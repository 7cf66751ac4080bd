/**
 * A patient's questionnaire answers (health data), opened only on request from the timeline; the server
 * records every read in the audit trail before answering (docs/product.md#roles).
 */
import useSWR from 'swr';
import { Alert, Modal, Stack, Text } from '@mantine/core';
import { ApiError } from '../../../../api/api-error';
import { PageLoader } from '../../../../ui/page-loader';
import { fetchPatientAnswers, type QuestionnaireAnswer } from '../api/operations';

const answerText = (answer: QuestionnaireAnswer) => {
  const { value, options } = answer;
  if (value === null || value === undefined || value === '') return '—';
  const values = Array.isArray(value) ? value : [value];
  return values.map((item) => options?.find((option) => option.id === item)?.text ?? String(item)).join(', ');
};

export function AnswersDialog({ userId, onClose }: { userId: string | null; onClose: () => void }) {
  const answers = useSWR(userId ? ['patient-answers', userId] : null, ([, id]) => fetchPatientAnswers(id), {
    revalidateOnFocus: false,
    revalidateIfStale: false,
    dedupingInterval: 0,
  });
  return (
    <Modal
      opened={userId !== null}
      onClose={onClose}
      title="Risposte al questionario"
      size="lg"
      closeButtonProps={{ 'aria-label': 'Chiudi' }}
    >
      <Text size="sm" c="dimmed" mb="sm">
        Dati sanitari: questa consultazione è registrata.
      </Text>
      {answers.error ? (
        <Alert color="red" title="Errore!">
          {answers.error instanceof ApiError ? answers.error.message : 'Impossibile caricare le risposte.'}
        </Alert>
      ) : !answers.data ? (
        <PageLoader />
      ) : (
        <Stack gap="sm" component="dl">
          {answers.data.Answers.map((answer) => (
            <div key={answer.key}>
              <Text component="dt" fw={600} size="sm">
                {answer.label}
              </Text>
              <Text component="dd" size="sm" m={0}>
                {answerText(answer)}
              </Text>
            </div>
          ))}
        </Stack>
      )}
    </Modal>
  );
}
