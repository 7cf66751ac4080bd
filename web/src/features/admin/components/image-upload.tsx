/** Picks an image (JPEG, PNG or WebP up to 4 MB, checked before sending) and uploads it with progress. */
import { useState } from 'react';
import { Button, FileButton, Progress, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { CONTENT_IMAGE_MAX_BYTES, CONTENT_IMAGE_TYPES } from '@nutri/shared';
import { showErrorToast } from '../../../ui/notify';
import { showSaveError } from './save-error';

export const imageProblem = (file: File): string | null => {
  if (!(CONTENT_IMAGE_TYPES as readonly string[]).includes(file.type))
    return 'Formato non supportato: carica un’immagine JPEG, PNG o WebP.';
  if (file.size > CONTENT_IMAGE_MAX_BYTES)
    return `L’immagine supera la dimensione massima di ${CONTENT_IMAGE_MAX_BYTES / (1024 * 1024)} MB.`;
  return null;
};

export function ImageUpload({
  label,
  upload,
  disabled,
}: {
  label: string;
  upload: (file: File, onProgress: (fraction: number) => void) => Promise<unknown>;
  disabled?: boolean;
}) {
  const [progress, setProgress] = useState<number | null>(null);
  const choose = async (file: File | null) => {
    if (!file) return;
    const problem = imageProblem(file);
    if (problem) {
      showErrorToast(problem);
      return;
    }
    setProgress(0);
    try {
      await upload(file, setProgress);
    } catch (error) {
      showSaveError(error);
    } finally {
      setProgress(null);
    }
  };
  return (
    <Stack gap={6}>
      <FileButton
        onChange={(file) => void choose(file)}
        accept={CONTENT_IMAGE_TYPES.join(',')}
        disabled={disabled}
      >
        {(props) => (
          <Button
            {...props}
            variant="light"
            leftSection={<IconUpload size={16} aria-hidden />}
            loading={progress !== null}
            disabled={disabled}
          >
            {label}
          </Button>
        )}
      </FileButton>
      {progress !== null ? (
        <Progress value={Math.round(progress * 100)} aria-label="Caricamento dell’immagine" animated />
      ) : (
        <Text size="xs" c="dimmed">
          JPEG, PNG o WebP, al massimo {CONTENT_IMAGE_MAX_BYTES / (1024 * 1024)} MB.
        </Text>
      )}
    </Stack>
  );
}
