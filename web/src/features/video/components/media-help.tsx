/** What to do when the camera or microphone cannot start, in the words of the browser in use. */
import { Alert, Button, List, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { browserKind, MEDIA_PROBLEM_TEXTS, permissionHelp, type MediaProblem } from '../media/devices';

export function MediaHelp({ problem, onRetry }: { problem: MediaProblem; onRetry: () => void }) {
  const help = permissionHelp(browserKind(navigator.userAgent));
  return (
    <Alert
      color="red"
      variant="light"
      role="alert"
      icon={<IconAlertTriangle aria-hidden />}
      title="Videocamera e microfono non disponibili"
    >
      <Stack gap="xs">
        <Text>{MEDIA_PROBLEM_TEXTS[problem]}</Text>
        {problem === 'denied' ? (
          <>
            <Text fw={600}>Come consentirli in {help.browser}:</Text>
            <List type="ordered" size="sm" spacing={4}>
              {help.steps.map((step) => (
                <List.Item key={step}>{step}</List.Item>
              ))}
            </List>
          </>
        ) : null}
        <div>
          <Button
            variant="white"
            color="red"
            leftSection={<IconRefresh size={16} aria-hidden />}
            onClick={onRetry}
          >
            Riprova
          </Button>
        </div>
      </Stack>
    </Alert>
  );
}
