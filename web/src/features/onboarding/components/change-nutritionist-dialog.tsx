/**
 * The change of nutritionist (docs/product.md#screens and #states): the other good matches of the questionnaire to
 * choose from, a confirmation, then the page reloads with the new nutritionist. Allowed once, at steps
 * 1-2: the caller shows the action only then, the server checks it again.
 */
import { useState } from 'react';
import { Alert, Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { PublicNutritionist } from '@nutri/shared';
import { isApiError, isNetworkError } from '../../../api/api-error';
import { errorTexts } from '../../../lib/shared-values';
import { changeNutritionist } from '../api/change-nutritionist';
import { nutritionistName } from './nutritionist-name';
import { NutritionistPhoto } from './nutritionist-photo';
import classes from './onboarding.module.css';

export function ChangeNutritionistDialog({
  opened,
  onClose,
  alternatives,
  reload = () => window.location.reload(),
}: {
  opened: boolean;
  onClose: () => void;
  alternatives: readonly PublicNutritionist[];
  /** After the change (spec: the page reloads afterwards). */
  reload?: () => void;
}) {
  const [chosen, setChosen] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const close = () => {
    if (sending) return;
    setChosen(null);
    setProblem(null);
    onClose();
  };

  const confirm = async () => {
    if (!chosen) return;
    setSending(true);
    setProblem(null);
    try {
      await changeNutritionist(chosen);
      reload();
    } catch (error) {
      setProblem(
        isNetworkError(error)
          ? errorTexts.connectionProblem
          : ((isApiError(error) ? error.serverMessage : null) ?? errorTexts.cannotSaveData),
      );
      setSending(false);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Cambia nutrizionista"
      centered
      radius="lg"
      size="lg"
      closeButtonProps={{ 'aria-label': 'Chiudi' }}
    >
      <Stack gap="md">
        <Text size="sm">
          Anche questi professionisti sono adatti alle tue risposte. Puoi cambiare nutrizionista una sola
          volta, prima dell’incontro conoscitivo.
        </Text>
        <Radio.Group
          label="Scegli il tuo nuovo nutrizionista"
          value={chosen}
          onChange={setChosen}
          required
          withAsterisk={false}
        >
          <Stack gap="xs" mt="xs">
            {alternatives.map((nutritionist) => (
              <Radio
                key={nutritionist.UserId}
                value={nutritionist.UserId}
                disabled={sending}
                classNames={{
                  root: classes.option,
                  body: classes.optionCentered,
                  inner: classes.optionControl,
                }}
                label={
                  <Group gap="sm" wrap="nowrap" component="span">
                    <NutritionistPhoto nutritionist={nutritionist} size={48} />
                    <span>
                      <Text fw={700} component="span" display="block">
                        {nutritionistName(nutritionist)}
                      </Text>
                      <Text size="sm" c="dimmed" component="span" display="block">
                        {nutritionist.ProfessionalTitle}
                      </Text>
                    </span>
                  </Group>
                }
              />
            ))}
          </Stack>
        </Radio.Group>
        {problem ? (
          <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle aria-hidden />}>
            {problem}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={sending}>
            Annulla
          </Button>
          <Button onClick={() => void confirm()} loading={sending} disabled={!chosen}>
            Conferma il cambio
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
