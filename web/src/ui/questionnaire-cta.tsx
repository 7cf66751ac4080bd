import { Link } from 'react-router-dom';
import { Button, Group, Paper, Text, Title } from '@mantine/core';
import { paths } from '../paths';

/** The questionnaire call to action that closes most public pages. */
export function QuestionnaireCta({ title = 'Trova il nutrizionista giusto per te' }: { title?: string }) {
  return (
    <Paper radius="lg" p="xl" bg="leaf.0" mt="xl" component="aside" aria-label="Inizia il questionario">
      <Group justify="space-between" gap="lg">
        <div>
          <Title order={2} fz="h3">
            {title}
          </Title>
          <Text mt={4}>Compila il questionario: l’incontro conoscitivo in videochiamata è gratuito.</Text>
        </div>
        <Button component={Link} to={paths.findNutritionist()} color="apricot" size="md">
          Inizia il questionario
        </Button>
      </Group>
    </Paper>
  );
}
