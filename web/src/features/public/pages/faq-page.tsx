import { Link } from 'react-router-dom';
import { Accordion, Anchor, Stack, Text, Title } from '@mantine/core';
import { paths } from '../../../paths';
import { Page } from '../../../ui/page';
import { faqSections } from './faq-content';

export function FaqPage() {
  return (
    <Page
      title="Domande frequenti"
      documentTitle="FAQ"
      description="Tutto quello che c’è da sapere su Nutrì: come funziona, quanto costa, i nostri nutrizionisti e l’assistenza."
      size="md"
    >
      <Stack gap="xl">
        {faqSections().map((section) => (
          <section key={section.id} aria-labelledby={`faq-${section.id}`}>
            <Title order={2} fz="h3" id={`faq-${section.id}`} mb="sm">
              {section.title}
            </Title>
            <Accordion variant="separated" radius="md">
              {section.items.map((item, index) => (
                // The value becomes part of element ids (aria-controls): a slug, not the question text.
                <Accordion.Item key={item.question} value={`${section.id}-${index + 1}`}>
                  <Accordion.Control>{item.question}</Accordion.Control>
                  <Accordion.Panel>
                    <Text>{item.answer}</Text>
                  </Accordion.Panel>
                </Accordion.Item>
              ))}
            </Accordion>
          </section>
        ))}
        <Text>
          Non trovi la risposta?{' '}
          <Anchor component={Link} to={paths.contact()}>
            Contattaci
          </Anchor>
          .
        </Text>
      </Stack>
    </Page>
  );
}
