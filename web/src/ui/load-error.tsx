import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { errorTexts } from '../lib/shared-values';

/** A load failed: say so and offer to try again. */
export function LoadError({
  onRetry,
  message = errorTexts.cannotLoadData,
}: {
  onRetry?: () => unknown;
  message?: string;
}) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} title={message} my="xl">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">Controlla la connessione e riprova tra qualche istante.</Text>
        {onRetry ? (
          <Button variant="outline" color="red" size="xs" onClick={() => void onRetry()}>
            Riprova
          </Button>
        ) : null}
      </Stack>
    </Alert>
  );
}
