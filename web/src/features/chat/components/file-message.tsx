/**
 * The SendFile widget (docs/product.md#screens: file sent or received): the image's preview, or the file's icon
 * and name, with a download link. Links are presigned and short-lived: a click on an expired one asks
 * the server for fresh links first (the member check happens again there).
 */
import { Anchor, Box, Group, Paper, Text } from '@mantine/core';
import { IconDownload, IconFileTypePdf, IconPhoto } from '@tabler/icons-react';
import { useState, type MouseEvent } from 'react';
import { isChatImageType, type ChatMessage, type ChatMessageAttributes } from '@nutri/shared';
import { showErrorToast } from '../../../ui/notify';
import { freshFileLinks, isLinkFresh } from '../api/chat-files-api';
import chatClasses from './chat.module.css';
import classes from './chat-files.module.css';
import { formatFileSize } from './file-upload';

interface FileMessageProps {
  message: ChatMessage;
  attributes: ChatMessageAttributes;
  mine: boolean;
  /** The other member (for fresh links); without it an expired link is followed as it is. */
  otherUserId?: string | undefined;
  sentAt: string;
}

export function FileMessage({ message, attributes, mine, otherUserId, sentAt }: FileMessageProps) {
  const [links, setLinks] = useState({
    FileUrl: attributes.FileUrl ?? null,
    FilePreviewUrl: attributes.FilePreviewUrl ?? null,
  });
  const name = attributes.FileDisplayName ?? message.Body;
  const isImage = isChatImageType(attributes.FileContentType) && Boolean(links.FilePreviewUrl);

  const download = async (event: MouseEvent<HTMLAnchorElement>) => {
    if (!links.FileUrl || isLinkFresh(links.FileUrl) || !otherUserId) return;
    event.preventDefault();
    try {
      const fresh = await freshFileLinks(otherUserId, message.MessageIndex);
      if (!fresh) throw new Error('file not listed');
      setLinks(fresh);
      window.location.assign(fresh.FileUrl);
    } catch {
      showErrorToast('Impossibile scaricare il file. Aggiorna la pagina e riprova.');
    }
  };

  return (
    <Box className={mine ? chatClasses.mineRow : chatClasses.theirsRow}>
      <Paper
        withBorder
        radius="md"
        p="xs"
        className={classes.fileCard}
        data-testid="chat-file"
        aria-label={mine ? `File inviato: ${name}` : `File ricevuto: ${name}`}
        role="group"
      >
        {isImage && links.FilePreviewUrl ? (
          <Anchor href={links.FileUrl ?? undefined} onClick={(event) => void download(event)} display="block">
            <img
              src={links.FilePreviewUrl}
              alt={`Anteprima di ${name}`}
              className={classes.preview}
              loading="lazy"
              onError={() => {
                // The preview link expired while the page stayed open: ask for fresh links once.
                if (otherUserId && links.FilePreviewUrl && !isLinkFresh(links.FilePreviewUrl))
                  void freshFileLinks(otherUserId, message.MessageIndex).then(
                    (fresh) => fresh && setLinks(fresh),
                    () => undefined,
                  );
              }}
            />
          </Anchor>
        ) : null}
        <Group gap="xs" wrap="nowrap" mt={isImage ? 6 : 0} align="flex-start">
          {isImage ? (
            <IconPhoto aria-hidden size={20} />
          ) : (
            <IconFileTypePdf aria-hidden size={24} color="var(--mantine-color-red-8)" />
          )}
          <Box miw={0} flex={1}>
            <Text size="sm" fw={600} className={classes.fileName}>
              {name}
            </Text>
            <Text size="xs" c="dimmed">
              {attributes.FileSizeBytes ? `${formatFileSize(attributes.FileSizeBytes)} · ` : ''}
              {sentAt}
            </Text>
          </Box>
        </Group>
        {links.FileUrl ? (
          <Anchor
            href={links.FileUrl}
            onClick={(event) => void download(event)}
            size="sm"
            mt={4}
            display="inline-flex"
            style={{ alignItems: 'center', gap: 4 }}
            aria-label={`Scarica ${name}`}
          >
            <IconDownload aria-hidden size={16} />
            Scarica
          </Anchor>
        ) : (
          <Text size="xs" c="dimmed" mt={4}>
            File non disponibile
          </Text>
        )}
      </Paper>
    </Box>
  );
}
