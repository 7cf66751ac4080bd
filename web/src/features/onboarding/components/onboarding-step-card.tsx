/**
 * The patient home's prominent card: the onboarding step's headline, text and next action. `children`
 * take the action's place when the next step is done right here (choosing the visit's slot).
 */
import type { ReactNode } from 'react';
import { Paper, Stack, Text, ThemeIcon, Title, Group } from '@mantine/core';
import { IconMailFast } from '@tabler/icons-react';
import { ButtonLink } from '../../../ui/light-button';
import { stepCard } from '../onboarding-steps';
import classes from './onboarding.module.css';

export function OnboardingStepCard({ step, children }: { step: number; children?: ReactNode }) {
  const card = stepCard(step);
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'lg', sm: 'xl' }}
      shadow="sm"
      className={classes.stepCard}
      component="section"
      aria-labelledby="onboarding-step"
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm" fw={700} c="apricot.8" tt="uppercase" lts={0.5}>
          Il tuo prossimo passo
        </Text>
        <Title order={2} fz={{ base: 22, sm: 26 }} id="onboarding-step">
          {card.headline}
        </Title>
        <Text size="md">{card.text}</Text>
        {children ? (
          <div style={{ alignSelf: 'stretch' }}>{children}</div>
        ) : card.action ? (
          <ButtonLink to={card.action.href} size="lg" color="apricot">
            {card.action.label}
          </ButtonLink>
        ) : (
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon variant="light" radius="xl" size={36} aria-hidden>
              <IconMailFast size={20} />
            </ThemeIcon>
            <Text size="sm" c="dimmed">
              Controlla la posta, anche nello spam: ti scriviamo da Nutrì.
            </Text>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
