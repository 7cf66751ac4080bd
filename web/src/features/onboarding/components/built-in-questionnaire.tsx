/**
 * The questionnaire where Tally cannot be embedded (locally): the shared questions one per step, with a
 * visible progress, back and next, Italian validation of each answer, then the answers go to the local
 * Tally stand-in, which sends the signed webhook. 'matched' and 'noMatch' continue on /Grazie;
 * 'notSuitable' is told kindly on this page (`onNotSuitable`).
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Paper,
  Progress,
  Radio,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconArrowRight, IconSend } from '@tabler/icons-react';
import { DEFAULT_PHONE_PREFIX, type Question } from '@nutri/shared';
import { isApiError, isNetworkError } from '../../../api/api-error';
import { errorTexts } from '../../../lib/shared-values';
import { paths } from '../../../paths';
import { PhoneFields } from '../../../ui/phone/phone-fields';
import { submitLocalQuestionnaire } from '../api/submit-local-questionnaire';
import {
  QUESTION_STEPS,
  firstInvalidStep,
  joinPhoneAnswer,
  stepOfServerErrors,
  stepProgress,
  toSubmittedAnswers,
  validateAnswer,
  type AnswerValue,
} from '../questionnaire';
import type { RegistrationPrefill } from '../registration-prefill';
import classes from './onboarding.module.css';

const FIRST_NAME_KEY = 'question_first_name';
const EMAIL_KEY = 'question_email';

interface PhoneAnswer {
  prefix: string;
  number: string;
}

const optionClassNames = { root: classes.option, inner: classes.optionControl, label: classes.optionLabel };

/** The input of one question; `error` under it, `label` read as the question. */
function QuestionInput({
  question,
  value,
  phone,
  error,
  onChange,
  onPhoneChange,
}: {
  question: Question;
  value: AnswerValue | undefined;
  phone: PhoneAnswer;
  error: string | null;
  onChange: (value: AnswerValue) => void;
  onPhoneChange: (phone: PhoneAnswer) => void;
}) {
  const common = {
    label: question.label,
    description: question.description,
    error,
    required: question.required,
    withAsterisk: false,
    classNames: { label: classes.question },
  };
  // Long option lists: the error goes under the question, where it is seen.
  const group = {
    ...common,
    inputWrapperOrder: ['label', 'description', 'error', 'input'] as (
      'label' | 'description' | 'error' | 'input'
    )[],
  };
  const text = typeof value === 'string' ? value : '';
  switch (question.type) {
    case 'CHECKBOXES':
      return (
        <Checkbox.Group {...group} value={Array.isArray(value) ? value : []} onChange={onChange}>
          <Stack gap="xs" mt="xs">
            {question.options?.map((option) => (
              <Checkbox
                key={option.id}
                value={option.id}
                label={option.text}
                size="md"
                classNames={optionClassNames}
              />
            ))}
          </Stack>
        </Checkbox.Group>
      );
    case 'MULTIPLE_CHOICE':
    case 'DROPDOWN':
      return (
        <Radio.Group {...group} value={text || null} onChange={onChange}>
          <Stack gap="xs" mt="xs">
            {question.options?.map((option) => (
              <Radio
                key={option.id}
                value={option.id}
                label={option.text}
                size="md"
                classNames={optionClassNames}
              />
            ))}
          </Stack>
        </Radio.Group>
      );
    case 'INPUT_NUMBER':
      return (
        <TextInput
          {...common}
          value={text}
          onChange={(event) => onChange(event.currentTarget.value)}
          inputMode="numeric"
          autoComplete="off"
          maw={200}
          size="md"
        />
      );
    case 'TEXTAREA':
      return (
        <Textarea
          {...common}
          value={text}
          onChange={(event) => onChange(event.currentTarget.value)}
          autosize
          minRows={4}
          maxRows={10}
          maxLength={5000}
          size="md"
        />
      );
    case 'INPUT_EMAIL':
      return (
        <TextInput
          {...common}
          type="email"
          value={text}
          onChange={(event) => onChange(event.currentTarget.value)}
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          size="md"
        />
      );
    case 'INPUT_PHONE_NUMBER':
      return (
        <div role="group" aria-labelledby="question-phone-label">
          <Text className={classes.question} id="question-phone-label">
            {question.label}
          </Text>
          <Text size="sm" c="dimmed" mb="xs">
            Facoltativo: ti serve solo se preferisci che ti richiamiamo per telefono.
          </Text>
          <PhoneFields
            prefix={phone.prefix}
            onPrefixChange={(prefix) => onPhoneChange({ ...phone, prefix })}
            number={{
              value: phone.number,
              onChange: (event) => onPhoneChange({ ...phone, number: event.currentTarget.value }),
              error: error ?? undefined,
            }}
            size="md"
          />
        </div>
      );
    default:
      return (
        <TextInput
          {...common}
          value={text}
          onChange={(event) => onChange(event.currentTarget.value)}
          autoComplete={question.key === FIRST_NAME_KEY ? 'given-name' : 'off'}
          maxLength={200}
          size="md"
        />
      );
  }
}

/** Focuses the first field of a step (the chosen option of a radio group, the phone number). */
const focusFirstField = (container: HTMLElement | null) => {
  const target =
    container?.querySelector<HTMLElement>('input[type="radio"]:checked') ??
    container?.querySelector<HTMLElement>('input[type="tel"]') ??
    container?.querySelector<HTMLElement>('input:not([type="hidden"]), textarea, select');
  target?.focus();
};

export function BuiltInQuestionnaire({ onNotSuitable }: { onNotSuitable: () => void }) {
  const navigate = useNavigate();
  const [index, setIndex] = useState(0);
  const [answers, setAnswers] = useState<Record<string, AnswerValue>>({});
  const [phone, setPhone] = useState<PhoneAnswer>({ prefix: DEFAULT_PHONE_PREFIX, number: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);
  const stepRef = useRef<HTMLDivElement>(null);
  const moved = useRef(false);

  const question = QUESTION_STEPS[index]!;
  const isLast = index === QUESTION_STEPS.length - 1;
  const progress = stepProgress(index);

  // Answers with the phone joined from its two inputs.
  const allAnswers = (): Record<string, AnswerValue> => {
    const phoneQuestion = QUESTION_STEPS.find((step) => step.type === 'INPUT_PHONE_NUMBER');
    return phoneQuestion
      ? { ...answers, [phoneQuestion.key]: joinPhoneAnswer(phone.prefix, phone.number) }
      : answers;
  };

  // After back or next, the keyboard and screen reader continue on the new question.
  useEffect(() => {
    if (moved.current) focusFirstField(stepRef.current);
  }, [index]);

  const goTo = (next: number) => {
    moved.current = true;
    setIndex(next);
  };

  const setAnswer = (key: string, value: AnswerValue) => {
    setAnswers((current) => ({ ...current, [key]: value }));
    // Corrected answers lose their error as the user types; new errors appear only on next.
    if (errors[key]) setErrors(({ [key]: _removed, ...rest }) => rest);
  };

  const send = async () => {
    const collected = allAnswers();
    const invalid = firstInvalidStep(collected);
    if (invalid !== -1) {
      const invalidQuestion = QUESTION_STEPS[invalid]!;
      setErrors({ [invalidQuestion.key]: validateAnswer(invalidQuestion, collected[invalidQuestion.key])! });
      goTo(invalid);
      return;
    }
    setSending(true);
    setSendError(null);
    try {
      const outcome = await submitLocalQuestionnaire(toSubmittedAnswers(collected));
      if (outcome.Outcome === 'notSuitable') {
        onNotSuitable();
        return;
      }
      const prefill: RegistrationPrefill = {
        firstName: typeof collected[FIRST_NAME_KEY] === 'string' ? collected[FIRST_NAME_KEY].trim() : '',
        email: typeof collected[EMAIL_KEY] === 'string' ? collected[EMAIL_KEY].trim() : '',
        phonePrefix: phone.prefix,
        phoneNumber: phone.number.replace(/\D/g, ''),
      };
      void navigate(paths.thanks({ submission_id: outcome.SubmissionId }), { state: { prefill } });
    } catch (error) {
      const fieldErrors = isApiError(error, 400) ? error.fieldErrors : {};
      const step = stepOfServerErrors(fieldErrors);
      if (step !== -1) {
        const key = QUESTION_STEPS[step]!.key;
        setErrors({ [key]: fieldErrors[key]![0]! });
        goTo(step);
      } else {
        setSendError(
          isNetworkError(error)
            ? errorTexts.connectionProblem
            : 'Non siamo riusciti a inviare le tue risposte. Riprova tra qualche istante.',
        );
      }
    } finally {
      setSending(false);
    }
  };

  const next = (event: FormEvent) => {
    event.preventDefault();
    const value = allAnswers()[question.key];
    const error = validateAnswer(question, value);
    if (error) {
      setErrors((current) => ({ ...current, [question.key]: error }));
      focusFirstField(stepRef.current);
      return;
    }
    if (isLast) void send();
    else goTo(index + 1);
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} shadow="xs" className={classes.questionnaire}>
      <form onSubmit={next} noValidate aria-label="Questionario">
        <Stack gap="lg">
          <Stack gap={6}>
            <Group justify="space-between" gap="xs">
              <Text size="sm" fw={600} c="leaf.8">
                {progress.label}
              </Text>
              <Text size="sm" c="dimmed">
                {progress.percent}%
              </Text>
            </Group>
            <Progress
              value={progress.percent}
              aria-label={`Avanzamento del questionario: ${progress.label.toLowerCase()}`}
              size="md"
              radius="xl"
            />
          </Stack>

          <div ref={stepRef} key={question.key}>
            <QuestionInput
              question={question}
              value={answers[question.key]}
              phone={phone}
              error={errors[question.key] ?? null}
              onChange={(value) => setAnswer(question.key, value)}
              onPhoneChange={(value) => {
                setPhone(value);
                if (errors[question.key]) setErrors(({ [question.key]: _removed, ...rest }) => rest);
              }}
            />
          </div>

          {sendError ? (
            <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle aria-hidden />}>
              {sendError}
            </Alert>
          ) : null}

          <Group justify="space-between" gap="sm">
            {index > 0 ? (
              <Button
                variant="default"
                size="md"
                leftSection={<IconArrowLeft size={18} aria-hidden />}
                onClick={() => goTo(index - 1)}
                disabled={sending}
              >
                Indietro
              </Button>
            ) : (
              <span />
            )}
            <Button
              type="submit"
              size="md"
              loading={sending}
              rightSection={
                isLast ? <IconSend size={18} aria-hidden /> : <IconArrowRight size={18} aria-hidden />
              }
            >
              {isLast ? 'Invia le risposte' : 'Avanti'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
