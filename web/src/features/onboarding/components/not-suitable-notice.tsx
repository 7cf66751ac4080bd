/**
 * The questionnaire's answer for people who need a medical diet therapy (docs/product.md#overview: told politely
 * that the service is not for them). It replaces the form, so focus moves to its heading.
 */
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { Anchor, Button, Group, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHeartHandshake } from '@tabler/icons-react';
import { paths } from '../../../paths';
import { ButtonLink } from '../../../ui/light-button';
import classes from './onboarding.module.css';

export function NotSuitableNotice({ onRestart }: { onRestart: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} shadow="xs">
      <Stack gap="md">
        <Group gap="md" wrap="nowrap" align="flex-start">
          <ThemeIcon size={48} radius="xl" variant="light" color="apricot" aria-hidden>
            <IconHeartHandshake size={28} />
          </ThemeIcon>
          <Title order={2} fz="h3" ref={heading} tabIndex={-1} className={classes.focusTarget}>
            Grazie per la fiducia: per te serve un percorso medico
          </Title>
        </Group>
        <Text>
          Dalle tue risposte capiamo che un medico ti ha prescritto una dieta terapeutica per una patologia.
          In questi casi l’alimentazione fa parte della cura e va seguita da vicino da chi ti ha in carico:
          per questo Nutrì, che offre percorsi di nutrizione online, non è il servizio adatto a te.
        </Text>
        <List spacing="xs">
          <List.Item>
            Parlane con il tuo <strong>medico curante</strong> o con lo specialista che ti segue: sapranno
            indicarti il percorso e il professionista giusti.
          </List.Item>
          <List.Item>
            Se la prescrizione non riguarda più la tua situazione, puoi compilare di nuovo il questionario.
          </List.Item>
        </List>
        <Group gap="sm" mt="xs">
          <ButtonLink to={paths.home()} variant="outline">
            Torna alla home
          </ButtonLink>
          <Button variant="subtle" onClick={onRestart}>
            Compila di nuovo il questionario
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          Hai dubbi?{' '}
          <Anchor component={Link} to={paths.faq()}>
            Leggi le domande frequenti
          </Anchor>
          .
        </Text>
      </Stack>
    </Paper>
  );
}
