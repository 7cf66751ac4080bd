/**
 * The nutritionist's toolbar of the open conversation (docs/product.md#screens): the patient's bookings (the 10
 * newest not cancelled, each linking to its page), the actions menu (patient info with the questionnaire
 * answers, new booking for this patient, the conversation's files, archive or move to inbox) and the
 * reminders bell. It sits in the conversation's header, next to the patient's name.
 */
import { ActionIcon, Anchor, Drawer, Group, Loader, Menu, Modal, Popover, Stack, Text } from '@mantine/core';
import {
  IconArchive,
  IconCalendarEvent,
  IconCalendarPlus,
  IconDotsVertical,
  IconFiles,
  IconInbox,
  IconUserCircle,
} from '@tabler/icons-react';
import { useEffect, useState, type ComponentType } from 'react';
import { Link } from 'react-router-dom';
import type { ConversationView } from '@nutri/shared';
import { paths } from '../../../paths';
import { LoadError } from '../../../ui/load-error';
import { showErrorToast, showSuccessToast } from '../../../ui/notify';
import {
  formatLocalDateTime,
  toLocalDateTime,
  BookingStatusBadge,
  CreateBookingDialog,
} from '../../bookings';
import { PatientIntake, RemindersBell } from '../../nutritionist';
import { fetchDirectConversation, setConversationArchived } from '../api/chat-api';
import { useChatPatientBookings } from '../api/chat-toolbar-api';

/** The conversation's files (conversation-files.tsx), shown in a dialog; the screen passes it in. */
export type ConversationFilesView = ComponentType<{ userId: string }>;

interface NutritionistChatToolbarProps {
  conversation: ConversationView;
  /** After archiving or moving to the inbox: the screen reloads its list. */
  onArchivedChange: () => void;
  /** The conversation's files view; without it the menu item is not offered. */
  FilesView?: ConversationFilesView | undefined;
}

type Panel = 'info' | 'booking' | 'files' | null;

export function NutritionistChatToolbar({
  conversation,
  onArchivedChange,
  FilesView,
}: NutritionistChatToolbarProps) {
  const patientName = conversation.DisplayName;
  const [panel, setPanel] = useState<Panel>(null);
  const [archived, setArchived] = useState(conversation.IsArchived);
  const [archiving, setArchiving] = useState(false);
  useEffect(() => setArchived(conversation.IsArchived), [conversation.IsArchived]);

  const toggleArchived = async () => {
    setArchiving(true);
    try {
      // A conversation never opened has no id yet: asking for it creates it (as selecting it does).
      const sid =
        conversation.ConversationSid ?? (await fetchDirectConversation(conversation.UserId)).ConversationId;
      await setConversationArchived(sid, !archived);
      setArchived(!archived);
      showSuccessToast(archived ? 'Conversazione spostata in Posta in arrivo.' : 'Conversazione archiviata.');
      onArchivedChange();
    } catch {
      showErrorToast('Impossibile aggiornare la conversazione.');
    } finally {
      setArchiving(false);
    }
  };

  return (
    <Group gap={4} wrap="nowrap" ml="auto">
      <PatientBookings patientUserId={conversation.UserId} patientName={patientName} />
      <Menu position="bottom-end" shadow="md" width={260}>
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size={40}
            radius="xl"
            aria-label="Azioni sulla conversazione"
            loading={archiving}
          >
            <IconDotsVertical aria-hidden size={22} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconUserCircle aria-hidden size={18} />} onClick={() => setPanel('info')}>
            Scheda del paziente
          </Menu.Item>
          <Menu.Item
            leftSection={<IconCalendarPlus aria-hidden size={18} />}
            onClick={() => setPanel('booking')}
          >
            Nuovo appuntamento
          </Menu.Item>
          {FilesView ? (
            <Menu.Item leftSection={<IconFiles aria-hidden size={18} />} onClick={() => setPanel('files')}>
              File della conversazione
            </Menu.Item>
          ) : null}
          <Menu.Divider />
          <Menu.Item
            leftSection={
              archived ? <IconInbox aria-hidden size={18} /> : <IconArchive aria-hidden size={18} />
            }
            onClick={() => void toggleArchived()}
          >
            {archived ? 'Sposta in Posta in arrivo' : 'Archivia la conversazione'}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <RemindersBell />

      <Drawer
        opened={panel === 'info'}
        onClose={() => setPanel(null)}
        position="right"
        size="md"
        title={`Scheda di ${patientName}`}
        closeButtonProps={{ 'aria-label': 'Chiudi' }}
      >
        <Stack gap="md">
          <Anchor component={Link} to={paths.nutritionistArea.patientBookings(conversation.UserId)} size="sm">
            Appuntamenti e promemoria del paziente
          </Anchor>
          <Text fw={700}>Risposte al questionario</Text>
          {panel === 'info' ? <PatientIntake patientUserId={conversation.UserId} /> : null}
        </Stack>
      </Drawer>
      <CreateBookingDialog
        opened={panel === 'booking'}
        onClose={() => setPanel(null)}
        patient={{ UserId: conversation.UserId, DisplayName: patientName }}
      />
      {FilesView ? (
        <Modal
          opened={panel === 'files'}
          onClose={() => setPanel(null)}
          title={`File della conversazione con ${patientName}`}
          size="lg"
          closeButtonProps={{ 'aria-label': 'Chiudi' }}
        >
          {panel === 'files' ? <FilesView userId={conversation.UserId} /> : null}
        </Modal>
      ) : null}
    </Group>
  );
}

/** The patient's bookings in a popover: date and time, type, status; each opens its booking page. */
function PatientBookings({ patientUserId, patientName }: { patientUserId: string; patientName: string }) {
  const [opened, setOpened] = useState(false);
  const bookings = useChatPatientBookings(patientUserId);
  const count = bookings.data?.length ?? 0;
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={340} shadow="md" trapFocus>
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size={40}
          radius="xl"
          aria-label={`Appuntamenti di ${patientName}${bookings.data ? `: ${count}` : ''}`}
          aria-expanded={opened}
          onClick={() => setOpened((shown) => !shown)}
        >
          <IconCalendarEvent aria-hidden size={22} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <Text fw={700}>Appuntamenti di {patientName}</Text>
          {bookings.error ? (
            <LoadError onRetry={() => bookings.mutate()} />
          ) : !bookings.data ? (
            <Loader size="sm" aria-label="Caricamento degli appuntamenti" />
          ) : count === 0 ? (
            <Text size="sm" c="dimmed">
              Nessun appuntamento con questo paziente.
            </Text>
          ) : (
            <Stack component="ul" gap={6} p={0} m={0} style={{ listStyle: 'none' }} aria-label="Appuntamenti">
              {bookings.data.map((booking) => (
                <li key={booking.BookingId}>
                  <Group gap={6} justify="space-between" wrap="wrap">
                    <Anchor
                      component={Link}
                      to={paths.nutritionistArea.booking(String(booking.BookingId))}
                      size="sm"
                      fw={600}
                      style={{ whiteSpace: 'nowrap' }}
                      onClick={() => setOpened(false)}
                    >
                      {formatLocalDateTime(toLocalDateTime(booking.BookingTime))}
                    </Anchor>
                    <BookingStatusBadge statusId={booking.BookingStatusId} />
                  </Group>
                  <Text size="xs" c="dimmed">
                    {booking.BookingType.Name} · n. {booking.BookingId}
                  </Text>
                </li>
              ))}
            </Stack>
          )}
          <Anchor
            component={Link}
            to={paths.nutritionistArea.patientBookings(patientUserId)}
            size="sm"
            onClick={() => setOpened(false)}
          >
            Tutti gli appuntamenti del paziente
          </Anchor>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
