import { Link } from 'react-router-dom';
import { Anchor, List, Text } from '@mantine/core';
import { paths } from '../../../paths';
import { Page } from '../../../ui/page';
import { QuestionnaireCta } from './cta-card';

export function BlogPage() {
  return (
    <Page
      title="Blog"
      description="Articoli dei nostri nutrizionisti su alimentazione, benessere e abitudini sane, con consigli pratici da portare in tavola."
    >
      <Text maw={720}>Sul blog trovi approfondimenti su:</Text>
      <List spacing="xs" mt="sm" maw={720}>
        <List.Item>alimentazione equilibrata e lettura delle etichette;</List.Item>
        <List.Item>gestione del peso senza diete drastiche;</List.Item>
        <List.Item>nutrizione nello sport, in gravidanza e nelle diverse età;</List.Item>
        <List.Item>ricette semplici e stagionali.</List.Item>
      </List>
      <Text mt="lg" maw={720}>
        Gli articoli sono informativi e non sostituiscono una consulenza personalizzata. Per un piano su
        misura affidati a uno dei{' '}
        <Anchor component={Link} to={paths.nutritionists.list()}>
          nostri nutrizionisti
        </Anchor>
        .
      </Text>
      <QuestionnaireCta />
    </Page>
  );
}
