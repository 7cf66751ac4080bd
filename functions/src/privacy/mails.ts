/**
 * Mails of the privacy centre (docs/product.md#privacy-centre): editable templates whose defaults are
 * these texts (docs/product.md#e-mail-templates).
 */
import { PRIVACY_EXPORT_LINK_HOURS } from '@nutri/shared';
import { defineMailTemplate, mailFromTemplate } from '../platform/mail-templates';

const displayName = { label: 'Nome dell’utente', sample: 'Giulia Conti' };

export const privacyExportReadyTemplate = defineMailTemplate({
  key: 'privacy.export-ready',
  name: 'Esportazione dei dati pronta',
  description: 'Al paziente che ha chiesto di scaricare i propri dati, quando l’archivio è pronto.',
  variables: {
    displayName,
    url: {
      label: 'Link per scaricare l’archivio',
      sample: 'https://nutri.example/files/esportazione.zip',
      required: true,
    },
  },
  content: {
    subject: 'I tuoi dati di Nutrì sono pronti',
    greeting: 'Ciao {{displayName}},',
    paragraphs: [
      'l’archivio con i tuoi dati (un file ZIP con i dati in formato JSON e i file della chat) è pronto.',
      `Il link è personale e vale ${PRIVACY_EXPORT_LINK_HOURS} ore: non inoltrare questa e-mail.`,
      'Se non hai chiesto tu l’esportazione, cambia subito la password e contattaci.',
    ],
    action: { label: 'Scarica i tuoi dati', url: '{{url}}' },
  },
});

export const privacyExportReadyMail = (name: string, url: string) =>
  mailFromTemplate(privacyExportReadyTemplate, { displayName: name, url });

export const patientErasedNoticeTemplate = defineMailTemplate({
  key: 'privacy.patient-erased-notice',
  name: 'Account di un paziente eliminato (al nutrizionista)',
  description: 'Al nutrizionista, quando un suo paziente elimina il proprio account.',
  variables: {
    displayName: { label: 'Nome del nutrizionista', sample: 'Anna Verdi' },
    patientName: { label: 'Nome del paziente', sample: 'Giulia Conti' },
  },
  content: {
    subject: 'Un tuo paziente ha eliminato il suo account',
    greeting: 'Ciao {{displayName}},',
    paragraphs: [
      '{{patientName}} ha eliminato il suo account Nutrì: i suoi dati personali e sanitari sono stati cancellati e la chat non è più disponibile.',
      'Le fatture restano conservate come richiede la legge; gli appuntamenti passati restano nelle statistiche in forma anonima.',
    ],
  },
});

export const patientErasedNoticeMail = (name: string, patientName: string) =>
  mailFromTemplate(patientErasedNoticeTemplate, { displayName: name, patientName });

export const privacyMailTemplates = [privacyExportReadyTemplate, patientErasedNoticeTemplate];
