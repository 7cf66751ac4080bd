/**
 * The patient's chat toolbar (docs/product.md#screens): their own nutritionist's photo, 'Dott.'/'Dott.sa' and
 * name, professional title and a Profile button to the public page (/Nutritionists/{friendlyUrl}).
 * Nothing while the patient has no nutritionist yet (the list then says so).
 */
import { Button, Group, Paper, Skeleton, Text } from '@mantine/core';
import { IconUserCircle } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { paths } from '../../../paths';
import { usePatientNutritionist, nutritionistName, NutritionistPhoto } from '../../onboarding';

export function PatientNutritionistCard() {
  const query = usePatientNutritionist(true);
  const data = query.data;
  // No nutritionist yet (404) or a failed load: the chat itself still works, so no card and no toast.
  if (query.error) return null;
  if (!data) return <Skeleton height={72} radius="lg" mb="md" aria-busy="true" />;
  const nutritionist = data.Nutritionist;
  if (!nutritionist) return null;
  const name = nutritionistName(nutritionist);
  return (
    <Paper
      withBorder
      radius="lg"
      p="sm"
      mb="md"
      component="section"
      aria-label="Il tuo nutrizionista"
      data-testid="patient-nutritionist-card"
    >
      <Group gap="sm" wrap="nowrap" justify="space-between">
        <Group gap="sm" wrap="nowrap" miw={0}>
          <NutritionistPhoto nutritionist={nutritionist} size={48} />
          <div style={{ minWidth: 0 }}>
            <Text fw={700} lh={1.3} lineClamp={2}>
              {name}
            </Text>
            <Text size="sm" c="dimmed" lh={1.3} lineClamp={1}>
              {nutritionist.ProfessionalTitle}
            </Text>
          </div>
        </Group>
        <Button
          component={Link}
          to={paths.nutritionists.profile(nutritionist.ProfilePageUrl)}
          variant="default"
          size="sm"
          leftSection={<IconUserCircle size={18} aria-hidden />}
          aria-label={`Profilo di ${name}`}
          style={{ flexShrink: 0 }}
        >
          Profilo
        </Button>
      </Group>
    </Paper>
  );
}
