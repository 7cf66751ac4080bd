/**
 * The patient's nutritionist on the home: portrait, 'Dott.'/'Dott.sa' and name, professional title,
 * the answers they were chosen for (MatchingSkills), a link to the public profile and, when allowed,
 * the change of nutritionist.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Anchor, Button, Group, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconArrowsExchange } from '@tabler/icons-react';
import type { PublicNutritionist } from '@nutri/shared';
import { paths } from '../../../paths';
import { ChangeNutritionistDialog } from './change-nutritionist-dialog';
import { nutritionistName } from './nutritionist-name';
import { NutritionistPhoto } from './nutritionist-photo';
import classes from './onboarding.module.css';

export function MyNutritionistCard({
  nutritionist,
  matchingSkills,
  alternatives,
}: {
  nutritionist: PublicNutritionist;
  matchingSkills: readonly string[];
  /** The nutritionists a change may pick; empty when no change is allowed. */
  alternatives: readonly PublicNutritionist[];
}) {
  const [changing, setChanging] = useState(false);
  const name = nutritionistName(nutritionist);
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'lg', sm: 'xl' }}
      component="section"
      aria-labelledby="my-nutritionist"
    >
      <Stack gap="md">
        <Title order={2} fz="h4" id="my-nutritionist">
          Il tuo nutrizionista
        </Title>
        <Group gap="md" wrap="nowrap" align="center">
          <NutritionistPhoto nutritionist={nutritionist} />
          <div>
            <Text fw={700} fz="lg" lh={1.3}>
              {name}
            </Text>
            <Text size="sm" c="dimmed">
              {nutritionist.ProfessionalTitle}
            </Text>
          </div>
        </Group>
        {matchingSkills.length > 0 ? (
          <div>
            <Text size="sm" fw={600} mb={6} id="matching-skills">
              Scelto per te per
            </Text>
            <ul className={classes.skills} aria-labelledby="matching-skills">
              {matchingSkills.map((skill) => (
                <li key={skill} className={classes.skill}>
                  {skill}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <Group gap="md" justify="space-between">
          <Anchor component={Link} to={paths.nutritionists.profile(nutritionist.ProfilePageUrl)} fw={600}>
            Vedi il profilo<VisuallyHidden> di {name}</VisuallyHidden>
          </Anchor>
          {alternatives.length > 0 ? (
            <Button
              variant="subtle"
              size="sm"
              leftSection={<IconArrowsExchange size={16} aria-hidden />}
              onClick={() => setChanging(true)}
            >
              Cambia nutrizionista
            </Button>
          ) : null}
        </Group>
      </Stack>
      {alternatives.length > 0 ? (
        <ChangeNutritionistDialog
          opened={changing}
          onClose={() => setChanging(false)}
          alternatives={alternatives}
        />
      ) : null}
    </Paper>
  );
}
