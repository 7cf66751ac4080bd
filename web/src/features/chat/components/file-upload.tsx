/**
 * Sending files in the open conversation (docs/product.md#screens and #roles): the file picker, the drag-and-drop
 * overlay and the upload progress cards with cancel. Files over 10 MB (and types the chat does not take)
 * are refused before anything is sent; files dropped while an upload is in progress are ignored. Each
 * file: upload slot -> straight to the file store (progress, cancel) -> confirm, which answers the
 * SendFile message (also pushed to both members).
 */
import { ActionIcon, CloseButton, Group, Paper, Progress, Text } from '@mantine/core';
import { IconFileUpload, IconPaperclip } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState, type DragEvent } from 'react';
import {
  CHAT_FILE_ACCEPT,
  CHAT_MAX_FILE_BYTES,
  chatFileTexts,
  chatFileTypeOf,
  type ChatMessage,
} from '@nutri/shared';
import { ApiError } from '../../../api/api-error';
import { showErrorToast } from '../../../ui/notify';
import { confirmFileUpload, requestFileUpload, uploadFile } from '../api/chat-files-api';
import classes from './chat-files.module.css';

export interface ChatUpload {
  id: string;
  name: string;
  size: number;
  /** 0..1 of the bytes sent. */
  progress: number;
  /** 'checking': sent, the server checks it and posts the message (no longer cancellable). */
  stage: 'uploading' | 'checking';
}

/** 1,2 MB / 850 KB: sizes as people read them. */
export const formatFileSize = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toLocaleString('it-IT', { maximumFractionDigits: 1 })} MB`
    : `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('it-IT')} KB`;

/** Why a file may not be sent, checked before any request (the server checks again). */
const fileProblem = (file: File) => {
  if (file.size > CHAT_MAX_FILE_BYTES) return chatFileTexts.tooLarge;
  if (!chatFileTypeOf(file.name, file.type)) return chatFileTexts.wrongType;
  if (file.size === 0) return chatFileTexts.empty;
  return null;
};

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * The uploads of one conversation. `onSent` gets each posted message (the push brings it too; merging
 * by index makes the second copy harmless). Leaving the conversation cancels what is still uploading.
 */
export function useChatFileUploads(otherUserId: string, onSent: (message: ChatMessage) => void) {
  const [uploads, setUploads] = useState<ChatUpload[]>([]);
  const controllers = useRef(new Map<string, AbortController>());
  const onSentRef = useRef(onSent);
  onSentRef.current = onSent;

  useEffect(() => {
    const active = controllers.current;
    return () => {
      for (const controller of active.values()) controller.abort();
      active.clear();
    };
  }, [otherUserId]);

  const update = (id: string, change: Partial<ChatUpload>) =>
    setUploads((current) => current.map((upload) => (upload.id === id ? { ...upload, ...change } : upload)));

  const send = useCallback(
    async (file: File) => {
      const contentType = chatFileTypeOf(file.name, file.type);
      if (!contentType) return;
      const id = crypto.randomUUID();
      const controller = new AbortController();
      controllers.current.set(id, controller);
      setUploads((current) => [
        ...current,
        { id, name: file.name, size: file.size, progress: 0, stage: 'uploading' },
      ]);
      try {
        const slot = await requestFileUpload(otherUserId, file, contentType, controller.signal);
        await uploadFile(slot, file, {
          signal: controller.signal,
          onProgress: (fraction) => update(id, { progress: fraction }),
        });
        controllers.current.delete(id);
        update(id, { progress: 1, stage: 'checking' });
        onSentRef.current(await confirmFileUpload(otherUserId, slot.UploadId));
      } catch (error) {
        if (!isAbort(error))
          showErrorToast(
            error instanceof ApiError && error.serverMessage
              ? error.serverMessage
              : `${chatFileTexts.uploadFailed}: ${file.name}`,
          );
      } finally {
        controllers.current.delete(id);
        setUploads((current) => current.filter((upload) => upload.id !== id));
      }
    },
    [otherUserId],
  );

  /** Starts the files that may be sent; the others are refused with their reason. */
  const start = useCallback(
    (files: readonly File[]) => {
      for (const file of files) {
        const problem = fileProblem(file);
        if (problem) showErrorToast(`${problem} (${file.name})`);
        else void send(file);
      }
    },
    [send],
  );

  const cancel = useCallback((id: string) => controllers.current.get(id)?.abort(), []);

  return { uploads, busy: uploads.length > 0, start, cancel };
}

/** The paperclip: opens the system file picker (several files at once). */
export function FilePickerButton({
  onFiles,
  disabled,
}: {
  onFiles: (files: File[]) => void;
  disabled?: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        mb={4}
        onClick={() => input.current?.click()}
        disabled={disabled}
        aria-label="Allega un file"
        title="Allega un file (immagini o PDF, massimo 10 MB)"
      >
        <IconPaperclip aria-hidden size={20} />
      </ActionIcon>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        accept={CHAT_FILE_ACCEPT}
        data-testid="chat-file-input"
        onChange={(event) => {
          const files = [...(event.currentTarget.files ?? [])];
          // Cleared so picking the same file again still fires a change.
          event.currentTarget.value = '';
          if (files.length) onFiles(files);
        }}
      />
    </>
  );
}

const carriesFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');

/**
 * Drag-and-drop onto the conversation: spread `handlers` on the pane and render `overlay` inside it.
 * A drop while `busy` (an upload in progress) is ignored, and the overlay says so while dragging.
 */
export function useFileDrop(options: {
  busy: boolean;
  disabled?: boolean;
  onFiles: (files: File[]) => void;
}) {
  const [dragging, setDragging] = useState(false);
  const depth = useRef(0);
  const handlers = {
    onDragEnter: (event: DragEvent) => {
      if (!carriesFiles(event) || options.disabled) return;
      event.preventDefault();
      depth.current += 1;
      setDragging(true);
    },
    onDragOver: (event: DragEvent) => {
      if (!carriesFiles(event) || options.disabled) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = options.busy ? 'none' : 'copy';
    },
    onDragLeave: (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      // Entering a child fires leave on the parent: only the last leave hides the overlay.
      depth.current = Math.max(0, depth.current - 1);
      if (depth.current === 0) setDragging(false);
    },
    onDrop: (event: DragEvent) => {
      if (!carriesFiles(event) || options.disabled) return;
      event.preventDefault();
      depth.current = 0;
      setDragging(false);
      if (!options.busy) options.onFiles([...event.dataTransfer.files]);
    },
  };
  const overlay = dragging ? (
    <div className={classes.dropOverlay} data-busy={options.busy} data-testid="chat-drop-overlay">
      <IconFileUpload aria-hidden size={40} />
      <Text fw={700}>
        {options.busy ? 'Attendi la fine del caricamento in corso' : 'Rilascia qui i file da inviare'}
      </Text>
      {options.busy ? null : (
        <Text size="sm">Immagini JPEG, PNG, WebP o GIF e documenti PDF, massimo 10 MB</Text>
      )}
    </div>
  ) : null;
  return { handlers, overlay };
}

/** One card per file being sent: name, size, progress and cancel. */
export function UploadProgressCards({
  uploads,
  onCancel,
}: {
  uploads: readonly ChatUpload[];
  onCancel: (id: string) => void;
}) {
  if (uploads.length === 0) return null;
  return (
    <div className={classes.uploads}>
      {uploads.map((upload) => {
        const percent = Math.round(upload.progress * 100);
        return (
          <Paper
            key={upload.id}
            withBorder
            radius="md"
            p="xs"
            data-testid="upload-progress-card"
            aria-label={`Invio di ${upload.name}`}
            role="group"
          >
            <Group gap="xs" wrap="nowrap">
              <Text size="sm" fw={600} truncate className={classes.uploadName}>
                {upload.name}
              </Text>
              <Text size="xs" c="dimmed">
                {upload.stage === 'checking'
                  ? 'Verifica del file…'
                  : `${percent}% di ${formatFileSize(upload.size)}`}
              </Text>
              <CloseButton
                size="sm"
                onClick={() => onCancel(upload.id)}
                disabled={upload.stage === 'checking'}
                aria-label={`Annulla l’invio di ${upload.name}`}
              />
            </Group>
            <Progress
              value={upload.stage === 'checking' ? 100 : percent}
              animated={upload.stage === 'checking'}
              size="sm"
              mt={6}
              aria-label={`Avanzamento dell’invio di ${upload.name}`}
            />
          </Paper>
        );
      })}
    </div>
  );
}
