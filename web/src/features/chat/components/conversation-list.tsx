/**
 * The conversation list: the nutritionist's patients (search by name, archived ones hidden unless
 * 'Tutti i pazienti' is on or the conversation is selected) or the patient's nutritionist; online
 * badge, archived icon, unread badge capped at '+99'. A patient's e-mail under their name tells
 * same-named patients apart.
 */
import { Badge, Indicator, Paper, Stack, Switch, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { IconArchive, IconSearch } from '@tabler/icons-react';
import { CHAT_UNREAD_BADGE_CAP, type ConversationView } from '@nutri/shared';
import classes from './chat.module.css';

interface ConversationListProps {
  conversations: ConversationView[];
  selectedUserId: string | null;
  onSelect: (userId: string) => void;
  online: ReadonlySet<string>;
  isNutritionist: boolean;
  search: string;
  onSearch: (value: string) => void;
  showAll: boolean;
  onShowAll: (value: boolean) => void;
}

const unreadLabel = (count: number) =>
  count > CHAT_UNREAD_BADGE_CAP ? `+${CHAT_UNREAD_BADGE_CAP}` : String(count);

export function ConversationList({
  conversations,
  selectedUserId,
  onSelect,
  online,
  isNutritionist,
  search,
  onSearch,
  showAll,
  onShowAll,
}: ConversationListProps) {
  const visible = conversations.filter(
    (conversation) => showAll || !conversation.IsArchived || conversation.UserId === selectedUserId,
  );
  return (
    <Paper withBorder radius="lg" className={classes.pane} component="nav" aria-label="Conversazioni">
      {isNutritionist ? (
        <Stack gap="xs" p="sm">
          <TextInput
            aria-label="Cerca un paziente"
            placeholder="Cerca un paziente"
            leftSection={<IconSearch aria-hidden size={16} />}
            value={search}
            onChange={(event) => onSearch(event.currentTarget.value)}
          />
          <Switch
            label="Tutti i pazienti"
            checked={showAll}
            onChange={(event) => onShowAll(event.currentTarget.checked)}
          />
        </Stack>
      ) : null}
      <div className={classes.list}>
        {visible.length === 0 ? (
          <Text c="dimmed" p="sm">
            {isNutritionist
              ? search
                ? 'Nessun paziente trovato.'
                : 'Nessuna conversazione.'
              : 'Non hai ancora un nutrizionista con cui scrivere.'}
          </Text>
        ) : (
          visible.map((conversation) => {
            const isOnline = online.has(conversation.UserId);
            return (
              <button
                type="button"
                key={conversation.UserId}
                className={classes.item}
                aria-current={conversation.UserId === selectedUserId ? 'true' : undefined}
                onClick={() => onSelect(conversation.UserId)}
              >
                <Indicator
                  color={isOnline ? 'leaf.6' : 'gray.4'}
                  position="middle-start"
                  size={10}
                  offset={-2}
                  withBorder
                >
                  <span />
                </Indicator>
                <Stack gap={0} flex={1} miw={0}>
                  <Text fw={600} truncate>
                    {conversation.DisplayName}
                    {isOnline ? <VisuallyHidden> (in linea)</VisuallyHidden> : null}
                  </Text>
                  {conversation.ContactEmail ? (
                    <Text size="xs" c="dimmed" truncate>
                      {conversation.ContactEmail}
                    </Text>
                  ) : null}
                  <Text size="sm" c="dimmed" truncate>
                    {conversation.LastMessage?.Body ||
                      (conversation.LastMessage ? 'Aggiornamento prenotazione' : 'Nessun messaggio')}
                  </Text>
                </Stack>
                {conversation.IsArchived ? <IconArchive aria-label="Archiviata" size={18} /> : null}
                {conversation.newMessageCount > 0 ? (
                  <Badge color="apricot.7" aria-label={`${conversation.newMessageCount} messaggi non letti`}>
                    {unreadLabel(conversation.newMessageCount)}
                  </Badge>
                ) : null}
              </button>
            );
          })
        )}
      </div>
    </Paper>
  );
}
