/**
 * /ContactUs: the contact form (docs/product.md#validation: Name required max 100, Email required valid max 50,
 * PhoneNo max 50, Message required max 500), validated with the handler's schema; the server stores the
 * message and mails it to support. A failure shows the 'Errore!' toast with the cannot-send message.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Anchor, Button, Card, Grid, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { IconCircleCheck, IconHelpCircle, IconUsers } from '@tabler/icons-react';
import { contactFormSchema, type ContactFormRequest } from '@nutri/shared';
import { isApiError } from '../../../api/api-error';
import { paths } from '../../../paths';
import { HoneypotField } from '../../../ui/form/honeypot-field';
import { summarizeSaveError } from '../../../ui/form/server-errors';
import { useZodForm } from '../../../ui/form/use-zod-form';
import { LinkCard } from '../../../ui/link-card';
import { showErrorToast } from '../../../ui/notify';
import { Page } from '../../../ui/page';
import { submitContactForm, contentTexts } from '../../content';
import { FieldsAfterTakeOver } from '../../../ui/form/fields-after-take-over';

const MESSAGE_MAX = 500;

const EMPTY: Required<ContactFormRequest> = { Name: '', Email: '', PhoneNo: '', Message: '', Website: '' };

function ContactForm({ onSent }: { onSent: () => void }) {
  const form = useZodForm(contactFormSchema, EMPTY);

  const submit = form.onSubmit(async (data) => {
    try {
      await submitContactForm(data);
      onSent();
    } catch (error) {
      if (isApiError(error)) form.setServerErrors(error.fieldErrors);
      // Rate limit and validation answers carry an Italian message worth showing; the rest is generic.
      const summary = summarizeSaveError(error, contentTexts.cannotSendMessage);
      const specific = isApiError(error) && (error.status === 429 || error.status === 400);
      showErrorToast(specific ? summary.title : contentTexts.cannotSendMessage);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Modulo di contatto">
      <FieldsAfterTakeOver>
        <Stack gap="md">
          <TextInput label="Nome" autoComplete="name" required maxLength={100} {...form.field('Name')} />
          <TextInput
            label="E-mail"
            type="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            required
            maxLength={50}
            {...form.field('Email')}
          />
          <TextInput
            label="Telefono"
            description="Facoltativo: ti richiamiamo se preferisci."
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            type="tel"
            autoComplete="tel"
            maxLength={50}
            {...form.field('PhoneNo')}
          />
          <Textarea
            label="Messaggio"
            description={`${form.values.Message.length}/${MESSAGE_MAX} caratteri`}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            required
            autosize
            minRows={5}
            maxRows={12}
            {...form.field('Message')}
          />
          <HoneypotField
            id="contact-website"
            label={contentTexts.honeypotLabel}
            value={form.values.Website ?? ''}
            onChange={(event) => form.setValue('Website', event.currentTarget.value)}
          />
          <Text size="xs" c="dimmed">
            Usiamo i tuoi dati solo per rispondere alla tua richiesta.
          </Text>
          <Button type="submit" size="md" loading={form.submitting} w={{ base: '100%', sm: 'auto' }}>
            Invia messaggio
          </Button>
        </Stack>
      </FieldsAfterTakeOver>
    </form>
  );
}

export function ContactPage() {
  const [sent, setSent] = useState(false);
  return (
    <Page
      title="Contatti"
      description="Hai una domanda sul servizio, sui pagamenti o sul tuo account? Scrivici: ti rispondiamo il prima possibile."
    >
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Card withBorder radius="lg" padding="xl" component="section" aria-labelledby="contact-form-title">
            <Title order={2} fz="h3" id="contact-form-title" mb="md">
              Scrivici
            </Title>
            {sent ? (
              <Stack gap="md" align="flex-start">
                <Alert
                  color="leaf"
                  variant="light"
                  role="status"
                  icon={<IconCircleCheck aria-hidden />}
                  title="Messaggio inviato"
                  w="100%"
                >
                  {contentTexts.messageSent}
                </Alert>
                <Button variant="subtle" onClick={() => setSent(false)}>
                  Invia un altro messaggio
                </Button>
              </Stack>
            ) : (
              <ContactForm onSent={() => setSent(true)} />
            )}
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="lg">
            <LinkCard
              to={paths.faq()}
              icon={<IconHelpCircle size={24} />}
              title="Domande frequenti"
              description="Prezzi, pagamenti, fatture, appuntamenti e assistenza tecnica: le risposte più richieste."
            />
            <LinkCard
              to={paths.joinTeam()}
              icon={<IconUsers size={24} />}
              title="Lavori come nutrizionista?"
              description="Scopri come entrare nel team di nutrizionisti Nutrì e invia la tua candidatura."
            />
            <Text size="sm">
              Per richieste sul tuo account, come la cancellazione o il cambio di nutrizionista, scrivici
              indicando l’e-mail del tuo account. Se hai già iniziato il percorso, per le domande usa la chat
              con il tuo nutrizionista. Se non riesci ad accedere, prova prima a{' '}
              <Anchor component={Link} to={paths.recoverPassword()}>
                recuperare la password
              </Anchor>
              .
            </Text>
          </Stack>
        </Grid.Col>
      </Grid>
    </Page>
  );
}
