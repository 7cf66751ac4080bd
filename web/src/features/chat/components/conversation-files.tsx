/**
 * The files of a conversation (docs/product.md#screens: the nutritionist's actions menu, "conversation files";
 * `GET Chat/Files/{userId}`), newest first, with previews of images and download links, for the other
 * member's user id: `ConversationFiles` is the list (the toolbar's `FilesView`), `ConversationFilesDrawer`
 * the same list in a drawer.
 */
import { Alert, Anchor, Box, Button, Center, Drawer, Group, Loader, Stack, Text } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { errorTexts, isChatImageType, type ChatFileView } from '@nutri/shared';
import { apiPath } from '../../../api/client';
import { formatRomeDateTime } from '../../../lib/dates';
import { useCursorList } from '../../../api/cursor-list';
import { fetchConversationFilesPage } from '../api/chat-files-api';
import classes from './chat-files.module.css';
import { formatFileSize } from './file-upload';

function FileRow({ file, otherUserId }: { file: ChatFileView; otherUserId: string }) {
  const isImage = isChatImageType(file.ContentType) && file.FilePreviewUrl;
  return (
    <Group gap="sm" wrap="nowrap" align="center" data-testid="conversation-file" role="listitem">
      {isImage ? (
        <img src={file.FilePreviewUrl ?? undefined} alt="" className={classes.thumb} loading="lazy" />
      ) : (
        <Center className={classes.thumb} bg="gray.1">
          <IconFileTypePdf aria-hidden size={28} color="var(--mantine-color-red-8)" />
        </Center>
      )}
      <Box miw={0} flex={1}>
        <Anchor href={file.FileUrl} size="sm" fw={600} className={classes.fileName}>
          {file.FileDisplayName}
        </Anchor>
        <Text size="xs" c="dimmed">
          {file.AuthorId === otherUserId ? 'Ricevuto' : 'Inviato'} il {formatRomeDateTime(file.DateCreated)} ·{' '}
          {formatFileSize(file.SizeBytes)}
        </Text>
      </Box>
    </Group>
  );
}

/**
 * The list itself, for any container: the nutritionist toolbar's dialog (its `FilesView`) or the drawer
 * below. Mounted only while shown: links are valid 10 minutes, so each showing reads the list again.
 */
export function ConversationFiles({ userId }: { userId: string }) {
  const list = useCursorList<ChatFileView>(apiPath('Chat/Files', userId), {}, fetchConversationFilesPage, {
    revalidateOnFocus: false,
  });
  if (list.error)
    return (
      <Alert color="red" variant="light">
        {errorTexts.cannotLoadData}
      </Alert>
    );
  if (list.isLoading || !list.items)
    return (
      <Center py="lg">
        <Loader aria-label="Caricamento dei file" />
      </Center>
    );
  if (list.items.length === 0) return <Text c="dimmed">Nessun file in questa conversazione.</Text>;
  return (
    <Stack gap="sm">
      <Stack gap="sm" aria-label="File della conversazione" role="list">
        {list.items.map((file) => (
          <FileRow key={file.MessageIndex} file={file} otherUserId={userId} />
        ))}
      </Stack>
      {list.hasMore ? (
        <Button variant="light" onClick={() => void list.loadMore()} loading={list.isLoadingMore}>
          Mostra altri
        </Button>
      ) : null}
    </Stack>
  );
}

interface ConversationFilesDrawerProps {
  /** The other member of the conversation (the patient, for the nutritionist). */
  otherUserId: string;
  opened: boolean;
  onClose: () => void;
  /** The other member's name, for the title. */
  displayName?: string;
}

/** The list in a drawer from the right, for screens without the toolbar's dialog. */
export function ConversationFilesDrawer({
  otherUserId,
  opened,
  onClose,
  displayName,
}: ConversationFilesDrawerProps) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      title={displayName ? `File della conversazione con ${displayName}` : 'File della conversazione'}
      closeButtonProps={{ 'aria-label': 'Chiudi' }}
    >
      {opened ? <ConversationFiles userId={otherUserId} /> : null}
    </Drawer>
  );
}
