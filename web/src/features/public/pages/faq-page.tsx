import { Link } from 'react-router-dom';
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { paths } from '../../../paths';
import { Page } from '../../../ui/page';
import { faqSections } from './faq-content';
import classes from './faq-page.module.css';

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
            {/* The browser's own disclosure: an answer opens before the app has started, and without it. */}
            <div className={classes.list}>
              {section.items.map((item) => (
                <details key={item.question} className={classes.item}>
                  <summary className={classes.question}>{item.question}</summary>
                  <Text className={classes.answer}>{item.answer}</Text>
                </details>
              ))}
            </div>
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
