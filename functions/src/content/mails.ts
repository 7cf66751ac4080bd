/**
 * Italian e-mails of the content area, to the support mailbox: editable templates whose defaults are these
 * texts (docs/product.md#e-mail-templates), rendered through the shared layout.
 */
import type { ContactMessage, JoinTeamApplicationView } from '@nutri/shared';
import { defineMailTemplate, mailFromTemplate } from '../platform/mail-templates';

/** A value typed by a visitor, made safe for a one-line header such as the subject. */
const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim().slice(0, 100);

export const contactMessageTemplate = defineMailTemplate({
  key: 'content.contact-message',
  name: 'Messaggio dal modulo contatti',
  description: 'Alla casella del supporto, per ogni messaggio scritto dal modulo contatti del sito.',
  variables: {
    name: { label: 'Nome di chi scrive', sample: 'Luca Ferri' },
    email: { label: 'E-mail di chi scrive', sample: 'luca.ferri@example.com' },
    phone: { label: 'Telefono (o “non indicato”)', sample: '+39 333 123 4567' },
    message: {
      label: 'Testo del messaggio',
      sample: 'Vorrei sapere come funziona la prima visita.',
      required: true,
    },
  },
  content: {
    subject: 'Nuovo messaggio dal modulo contatti: {{name}}',
    greeting: 'Ciao,',
    paragraphs: [
      '{{name}} ha scritto dal modulo contatti del sito. Rispondi a questa e-mail per rispondere direttamente.',
      'E-mail: {{email}}',
      'Telefono: {{phone}}',
      'Messaggio:',
      '{{message}}',
    ],
    footer: 'Nutrì – modulo contatti',
  },
});

export const contactMessageMail = (message: ContactMessage) =>
  mailFromTemplate(contactMessageTemplate, {
    name: oneLine(message.Name),
    email: message.Email,
    phone: message.PhoneNo || 'non indicato',
    message: message.Message,
  });

export const joinTeamApplicationTemplate = defineMailTemplate({
  key: 'content.join-team-application',
  name: 'Nuova candidatura “Entra nel team”',
  description: 'Alla casella del supporto, per ogni candidatura di un professionista.',
  variables: {
    name: { label: 'Nome del candidato', sample: 'Sara Galli' },
    profile: { label: 'Profilo professionale', sample: 'Biologa nutrizionista' },
    registerNumber: { label: 'Iscrizione all’albo', sample: 'AA_123456' },
    years: { label: 'Anni di libera professione', sample: '5' },
    insurance: { label: 'Assicurazione professionale (sì/no)', sample: 'sì' },
    email: { label: 'E-mail del candidato', sample: 'sara.galli@example.com' },
    phone: { label: 'Telefono del candidato', sample: '+39 333 765 4321' },
    message: {
      label: 'Messaggio del candidato (con “Messaggio:” davanti, vuoto se assente)',
      sample: 'Messaggio: Mi occupo di nutrizione sportiva.',
    },
    backOfficeUrl: { label: 'Link al back-office', sample: 'https://nutri.example/Admin', required: true },
  },
  content: {
    subject: 'Nuova candidatura: {{name}} ({{profile}})',
    greeting: 'Ciao,',
    paragraphs: [
      '{{name}} si è candidato/a per entrare nel team di Nutrì.',
      'Profilo professionale: {{profile}}',
      'Iscrizione all’albo: {{registerNumber}}',
      'Anni di libera professione: {{years}}',
      'Assicurazione professionale: {{insurance}}',
      'E-mail: {{email}} – Telefono: {{phone}}',
      '{{message}}',
      'Il CV è nel back-office, tra le candidature.',
    ],
    action: { label: 'Apri il back-office', url: '{{backOfficeUrl}}' },
    footer: 'Nutrì – entra nel team',
  },
});

export const joinTeamApplicationMail = (application: JoinTeamApplicationView, backOfficeUrl: string) =>
  mailFromTemplate(joinTeamApplicationTemplate, {
    name: oneLine(application.Name),
    profile: application.ProfessionalProfile,
    registerNumber: application.RegisterNumber,
    years: String(application.YearsOfPractice),
    insurance: application.HasInsurance ? 'sì' : 'no',
    email: application.Email,
    phone: application.PhoneNo,
    message: application.Message ? `Messaggio: ${application.Message}` : '',
    backOfficeUrl,
  });

/** Every template of this area (the editor's list: settings/mail-templates.ts). */
export const contentMailTemplates = [contactMessageTemplate, joinTeamApplicationTemplate];
