/**
 * Italian e-mails of the account flows: editable templates whose defaults are these texts
 * (docs/product.md#e-mail-templates), rendered through the shared layout.
 */
import { defineMailTemplate, defineTextTemplate, mailFromTemplate } from '../platform/mail-templates';
import { textFromTemplate } from '../platform/text-message';

const displayName = { label: 'Nome dell’utente', sample: 'Giulia Conti' };

export const passwordResetTemplate = defineMailTemplate({
  key: 'accounts.password-reset',
  name: 'Reimpostazione della password',
  description: 'A chi chiede di reimpostare la password, o quando un gestore utenti la fa reimpostare.',
  variables: {
    displayName,
    url: {
      label: 'Link per reimpostare la password',
      sample: 'https://nutri.example/ResetPassword?Token=esempio',
      required: true,
    },
  },
  content: {
    subject: 'Reimposta la tua password di Nutrì',
    greeting: 'Ciao {{displayName}},',
    paragraphs: [
      'abbiamo ricevuto una richiesta per reimpostare la password del tuo account Nutrì.',
      'Il link è valido per 1 ora e può essere usato una sola volta.',
      'Se la richiesta non è partita da te, ignora questa e-mail: la tua password resta invariata.',
    ],
    action: { label: 'Reimposta la password', url: '{{url}}' },
  },
});

export const passwordResetMail = (name: string, url: string) =>
  mailFromTemplate(passwordResetTemplate, { displayName: name, url });

export const emailChangedNoticeTemplate = defineMailTemplate({
  key: 'accounts.email-changed-notice',
  name: 'Avviso di e-mail cambiata (vecchio indirizzo)',
  description: 'Al vecchio indirizzo, quando l’e-mail dell’account cambia.',
  variables: {
    displayName,
    newEmail: { label: 'Nuovo indirizzo e-mail', sample: 'giulia.nuova@example.com' },
    supportUrl: { label: 'Link al supporto', sample: 'https://nutri.example/Contatti', required: true },
  },
  content: {
    subject: 'L’indirizzo e-mail del tuo account Nutrì è stato cambiato',
    greeting: 'Ciao {{displayName}},',
    paragraphs: [
      'l’indirizzo e-mail del tuo account è ora {{newEmail}}.',
      'Se non hai chiesto tu questa modifica, contattaci subito: proteggeremo il tuo account.',
    ],
    action: { label: 'Contatta il supporto', url: '{{supportUrl}}' },
  },
});

export const emailChangedNoticeMail = (name: string, newEmail: string, supportUrl: string) =>
  mailFromTemplate(emailChangedNoticeTemplate, { displayName: name, newEmail, supportUrl });

export const emailChangedConfirmationTemplate = defineMailTemplate({
  key: 'accounts.email-changed-confirmation',
  name: 'Conferma del nuovo indirizzo e-mail',
  description: 'Al nuovo indirizzo, quando l’e-mail dell’account cambia.',
  variables: { displayName },
  content: {
    subject: 'Il tuo nuovo indirizzo e-mail su Nutrì',
    greeting: 'Ciao {{displayName}},',
    paragraphs: [
      'da ora riceverai a questo indirizzo le comunicazioni di Nutrì e potrai usarlo per accedere.',
    ],
  },
});

export const emailChangedConfirmationMail = (name: string) =>
  mailFromTemplate(emailChangedConfirmationTemplate, { displayName: name });

export const phoneCodeSmsTemplate = defineTextTemplate({
  key: 'accounts.phone-code-sms',
  name: 'Codice di verifica del cellulare',
  description: 'SMS al numero appena inserito, quando un utente verifica il proprio cellulare.',
  channel: 'sms',
  variables: {
    code: { label: 'Codice di verifica (6 cifre, valido 10 minuti)', sample: '123456', required: true },
  },
  text: 'Nutrì: il tuo codice di verifica è {{code}}. Scade tra 10 minuti. Non condividerlo con nessuno.',
});

export const phoneCodeSms = (code: string) => textFromTemplate(phoneCodeSmsTemplate, { code });

export const loginAttackNoticeTemplate = defineMailTemplate({
  key: 'accounts.login-attack-notice',
  name: 'Avviso di tentativi di accesso',
  description: 'Al titolare dell’account, quando molti accessi con password sbagliata arrivano in un’ora.',
  variables: {
    displayName,
    failures: { label: 'Numero di tentativi falliti', sample: '12' },
    resetUrl: {
      label: 'Link per scegliere una nuova password',
      sample: 'https://nutri.example/ForgotPassword',
      required: true,
    },
  },
  content: {
    subject: 'Tentativi di accesso al tuo account Nutrì',
    greeting: 'Ciao {{displayName}},',
    paragraphs: [
      'nell’ultima ora qualcuno ha provato ad accedere al tuo account Nutrì con una password sbagliata ({{failures}} tentativi).',
      'Chi prova da un altro dispositivo deve attendere sempre più a lungo tra un tentativo e l’altro; tu puoi continuare ad accedere normalmente.',
      'Se eri tu, non devi fare nulla. Altrimenti ti consigliamo di scegliere una nuova password, diversa da quelle che usi altrove.',
    ],
    action: { label: 'Scegli una nuova password', url: '{{resetUrl}}' },
  },
});

export const loginAttackNoticeMail = (name: string, failures: number, resetUrl: string) =>
  mailFromTemplate(loginAttackNoticeTemplate, { displayName: name, failures: String(failures), resetUrl });

export const invitationTemplate = defineMailTemplate({
  key: 'accounts.invitation',
  name: 'Invito di un nuovo nutrizionista',
  description: 'Al nutrizionista di cui è stato creato l’account: il link per scegliere la password.',
  variables: {
    displayName,
    url: {
      label: 'Link per creare la password',
      sample: 'https://nutri.example/SetPassword?Token=esempio',
      required: true,
    },
    validDays: { label: 'Giorni di validità del link', sample: '7' },
  },
  content: {
    subject: 'Ti diamo il benvenuto in Nutrì: crea la tua password',
    greeting: 'Ciao {{displayName}},',
    paragraphs: [
      'è stato creato per te un account da nutrizionista su Nutrì.',
      'Scegli la tua password dal link qui sotto: è valido per {{validDays}} giorni e può essere usato una sola volta. Poi completa il tuo profilo.',
      'Se non ti aspettavi questo invito, ignora questa e-mail.',
    ],
    action: { label: 'Crea la password', url: '{{url}}' },
  },
});

export const invitationMail = (name: string, url: string, validDays: number) =>
  mailFromTemplate(invitationTemplate, { displayName: name, url, validDays: String(validDays) });

export const confirmEmailTemplate = defineMailTemplate({
  key: 'accounts.confirm-email',
  name: 'Conferma dell’indirizzo e-mail cambiato',
  description: 'Al nuovo indirizzo scelto da un gestore utenti: il link per confermarlo.',
  variables: {
    displayName,
    url: {
      label: 'Link di conferma',
      sample: 'https://nutri.example/ConfirmEmail?Token=esempio',
      required: true,
    },
  },
  content: {
    subject: 'Conferma il tuo indirizzo e-mail su Nutrì',
    greeting: 'Ciao {{displayName}},',
    paragraphs: [
      'l’indirizzo e-mail del tuo account Nutrì è stato cambiato in questo.',
      'Confermalo dal link qui sotto: è valido per 3 giorni e può essere usato una sola volta.',
    ],
    action: { label: 'Conferma l’indirizzo', url: '{{url}}' },
  },
});

export const confirmEmailMail = (name: string, url: string) =>
  mailFromTemplate(confirmEmailTemplate, { displayName: name, url });

/** Every template of this area (the editor's list: settings/mail-templates.ts). */
export const accountMailTemplates = [
  passwordResetTemplate,
  emailChangedNoticeTemplate,
  emailChangedConfirmationTemplate,
  loginAttackNoticeTemplate,
  invitationTemplate,
  confirmEmailTemplate,
  phoneCodeSmsTemplate,
];
