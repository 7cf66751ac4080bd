/**
 * /Admin/Patients/{PatientUserId}/Events (BusinessAdmin): the patient's whole timeline, newest first:
 * questionnaire, registration, e-mail verification, the path's steps and consents, nutritionist changes,
 * bookings and their changes, payments and refunds, mails with their delivery events, WhatsApp notices and
 * chat activity (counts only). Filter by kind; the questionnaire's answers open on request, audited
 * (docs/product.md#back-office).
 */
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { Badge, Button, Chip, Group, Paper, Text, Timeline } from '@mantine/core';
import {
  IconBrandWhatsapp,
  IconCalendarEvent,
  IconCash,
  IconClipboardList,
  IconMail,
  IconMailCheck,
  IconMessages,
  IconRoute,
  IconUserCheck,
  IconUserPlus,
} from '@tabler/icons-react';
import { PATIENT_EVENT_KINDS, patientEventKindLabels, type PatientEventKind } from '@nutri/shared';
import { formatDateTime } from '../../../../lib/dates';
import { Page } from '../../../../ui/page';
import { usePatientEvents, usePatientHeader, type PatientEvent } from '../api/operations';
import { AnswersDialog } from '../components/answers-dialog';
import { mailEventLabel, matchLabel } from '../components/labels';
import { PagedList } from '../components/paged-list';
import { useAddressFilters } from '../../../../lib/use-address-filters';

const ICONS: Record<PatientEventKind, typeof IconMail> = {
  questionnaire: IconClipboardList,
  registration: IconUserPlus,
  verification: IconMailCheck,
  onboarding: IconRoute,
  nutritionist: IconUserCheck,
  booking: IconCalendarEvent,
  payment: IconCash,
  mail: IconMail,
  whatsapp: IconBrandWhatsapp,
  chat: IconMessages,
};

const kindOf = (value: string | null): PatientEventKind | null =>
  PATIENT_EVENT_KINDS.includes(value as PatientEventKind) ? (value as PatientEventKind) : null;

function EventItem({ event, onShowAnswers }: { event: PatientEvent; onShowAnswers: () => void }) {
  return (
    <>
      <Group gap="xs" wrap="wrap">
        <Text fw={700}>{event.Title}</Text>
        <Badge variant="light" color="gray" size="sm">
          {patientEventKindLabels[event.Kind]}
        </Badge>
        {event.Status ? (
          <Badge variant="light" size="sm">
            {event.Kind === 'mail'
              ? mailEventLabel(event.Status)
              : event.Kind === 'questionnaire'
                ? matchLabel(event.Status)
                : event.Status}
          </Badge>
        ) : null}
      </Group>
      <Text size="sm" c="dimmed">
        {formatDateTime(event.At)}
      </Text>
      {event.Detail ? (
        <Text size="sm">
          {/* A mail's detail is its delivery events in order: shown in Italian. */}
          {event.Kind === 'mail' ? event.Detail.split(' → ').map(mailEventLabel).join(' → ') : event.Detail}
        </Text>
      ) : null}
      {event.HasAnswers ? (
        <Button size="xs" variant="default" mt={6} onClick={onShowAnswers}>
          Vedi le risposte
        </Button>
      ) : null}
    </>
  );
}

export function PatientEventsPage() {
  const { patientUserId } = useParams();
  const [params, changeAddress] = useAddressFilters();
  const kind = kindOf(params.get('kind'));
  const header = usePatientHeader(patientUserId);
  const list = usePatientEvents(patientUserId, kind);
  const [answersOf, setAnswersOf] = useState<string | null>(null);
  const patient = header.data;

  return (
    <Page
      title={patient ? `Cronologia di ${patient.DisplayName}` : 'Cronologia del paziente'}
      description="Tutto ciò che è successo al paziente, dal più recente: della chat solo i conteggi, mai i messaggi."
      head={{ noIndex: true }}
    >
      {patient ? (
        <Paper withBorder radius="md" p="md" mb="lg">
          <Text size="sm">{patient.Email}</Text>
          <Text size="sm" c="dimmed">
            {`Passo del percorso: ${patient.OnboardingStep} · Nutrizionista: ${patient.NutritionistName ?? 'nessuno'}`}
          </Text>
        </Paper>
      ) : null}
      <Chip.Group
        multiple={false}
        value={kind ?? 'all'}
        onChange={(value) => changeAddress({ kind: value === 'all' ? null : value })}
      >
        <Group gap="xs" mb="lg" role="radiogroup" aria-label="Tipo di evento">
          <Chip value="all">Tutti</Chip>
          {PATIENT_EVENT_KINDS.map((value) => (
            <Chip key={value} value={value}>
              {patientEventKindLabels[value]}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      <PagedList list={list} count={list.events.length} empty="Nessun evento di questo tipo.">
        <Timeline bulletSize={28} lineWidth={2} aria-label="Cronologia">
          {list.events.map((event) => {
            const Icon = ICONS[event.Kind];
            return (
              <Timeline.Item key={event.Id} bullet={<Icon size={16} aria-hidden />}>
                <EventItem event={event} onShowAnswers={() => setAnswersOf(patientUserId ?? null)} />
              </Timeline.Item>
            );
          })}
        </Timeline>
      </PagedList>
      <AnswersDialog userId={answersOf} onClose={() => setAnswersOf(null)} />
    </Page>
  );
}
