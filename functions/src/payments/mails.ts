/**
 * Italian e-mails of payments to the patient: editable templates whose defaults are these texts
 * (docs/product.md#e-mail-templates), rendered through the shared layout.
 */
import { defineMailTemplate, type MailTemplateVariable } from '../platform/mail-templates';

const patientName: MailTemplateVariable = { label: 'Nome del paziente', sample: 'Giulia Conti' };
const bookingUrl: MailTemplateVariable = {
  label: 'Link all’appuntamento',
  sample: 'https://nutri.example/Patients/Agenda/123',
  required: true,
};
const amount: MailTemplateVariable = { label: 'Importo pagato', sample: '60,00 €' };
const dayTime: MailTemplateVariable = {
  label: 'Giorno e ora dell’appuntamento',
  sample: 'giovedì 3 dicembre 2026 alle 10:00',
};
const date: MailTemplateVariable = { label: 'Data dell’appuntamento (GG/MM/AAAA)', sample: '03/12/2026' };
const open = { label: 'Vedi l’appuntamento', url: '{{bookingUrl}}' };

export const paymentConfirmationTemplate = defineMailTemplate({
  key: 'payments.payment-confirmation',
  name: 'Pagamento ricevuto',
  description: 'Al paziente, quando il pagamento di un appuntamento arriva e lo conferma.',
  variables: {
    patientName,
    date,
    amount,
    dayTime,
    videoRoom: {
      label: 'Frase sulla videochiamata, con il suo indirizzo',
      sample:
        'L’appuntamento si svolge in videochiamata: il giorno stesso, da 15 minuti prima dell’inizio, entri da https://nutri.example/Patients/Agenda/123/VideoRoom (o dalla tua agenda).',
    },
    bookingUrl,
  },
  content: {
    subject: 'Pagamento ricevuto, appuntamento del {{date}} è confermato!',
    greeting: 'Ciao {{patientName}},',
    paragraphs: [
      'abbiamo ricevuto il tuo pagamento di {{amount}}.',
      'Il tuo appuntamento di {{dayTime}} (ora italiana) è confermato.',
      '{{videoRoom}}',
    ],
    action: open,
  },
});

export const unappliedPaymentTemplate = defineMailTemplate({
  key: 'payments.unapplied-payment',
  name: 'Pagamento non applicato e rimborsato',
  description:
    'Al paziente che ha pagato un appuntamento già pagato o che non richiede un pagamento: il rimborso.',
  variables: {
    patientName,
    date,
    reasonShort: { label: '“era già pagato” o “non richiede un pagamento”', sample: 'era già pagato' },
    amount,
    dayTime,
    reason: {
      label: 'Perché il pagamento non serviva (frase)',
      sample: 'che era già stato pagato con un altro pagamento',
    },
    bookingUrl,
  },
  content: {
    subject: 'Pagamento rimborsato: l’appuntamento del {{date}} {{reasonShort}}',
    greeting: 'Ciao {{patientName}},',
    paragraphs: [
      'abbiamo ricevuto un pagamento di {{amount}} per l’appuntamento di {{dayTime}} (ora italiana), {{reason}}.',
      'Ti rimborsiamo l’intero importo di questo pagamento sulla carta che hai usato: il rimborso arriva in pochi giorni lavorativi.',
      'L’appuntamento resta com’è: non devi fare nient’altro.',
    ],
    action: open,
  },
});

export const latePaymentTemplate = defineMailTemplate({
  key: 'payments.late-payment',
  name: 'Pagamento arrivato ad appuntamento annullato',
  description:
    'Al paziente il cui pagamento è arrivato quando l’appuntamento era già annullato: il rimborso.',
  variables: {
    patientName,
    date,
    amount,
    dayTime,
    reason: {
      label: 'Perché era annullato (frase)',
      sample: 'era già stato annullato perché il termine per il pagamento era scaduto',
    },
    bookingUrl,
  },
  content: {
    subject: 'Pagamento rimborsato: l’appuntamento del {{date}} era già annullato',
    greeting: 'Ciao {{patientName}},',
    paragraphs: [
      'abbiamo ricevuto il tuo pagamento di {{amount}}, ma è arrivato quando l’appuntamento di {{dayTime}} (ora italiana) {{reason}}.',
      'Non ti addebitiamo nulla: ti rimborsiamo l’intero importo sulla carta che hai usato. Il rimborso arriva in pochi giorni lavorativi.',
      'Per fissare un nuovo appuntamento scrivi in chat al tuo nutrizionista.',
    ],
    action: open,
  },
});

export const invoiceIssuedTemplate = defineMailTemplate({
  key: 'payments.invoice-issued',
  name: 'Fattura emessa',
  description:
    'Al paziente, quando una fattura o una nota di credito della sua visita è emessa (dal servizio o dal nutrizionista).',
  variables: {
    patientName,
    document: {
      label: 'Il documento, “fattura n. …” o “nota di credito n. …”',
      sample: 'fattura n. S-2026-000012',
    },
    issuer: { label: 'Chi la emette', sample: 'Nutrì S.r.l.' },
    invoicesUrl: {
      label: 'Link alle fatture del paziente',
      sample: 'https://nutri.example/Patients/Invoices',
      required: true,
    },
  },
  content: {
    subject: 'La tua {{document}} di {{issuer}}',
    greeting: 'Ciao {{patientName}},',
    paragraphs: [
      'è disponibile la {{document}} emessa da {{issuer}} per la tua visita.',
      'La trovi nella pagina dell’appuntamento e tra le tue fatture, da scaricare in PDF.',
    ],
    action: { label: 'Le mie fatture', url: '{{invoicesUrl}}' },
  },
});

export const invoiceReminderTemplate = defineMailTemplate({
  key: 'payments.invoice-reminder',
  name: 'Promemoria: fattura sanitaria da emettere',
  description:
    'Al nutrizionista che non ha ancora emesso la fattura di una visita pagata: il 7° e l’11° giorno dopo il pagamento, o quando l’amministrazione lo sollecita.',
  variables: {
    nutritionistName: { label: 'Nome del nutrizionista', sample: 'Laura Bianchi' },
    days: { label: 'Giorni passati dal pagamento', sample: '7' },
    dueDate: { label: 'Scadenza (GG/MM/AAAA)', sample: '09/12/2026' },
    invoicesUrl: {
      label: 'Link alle fatture del nutrizionista',
      sample: 'https://nutri.example/AreaNutritionists/Invoices',
      required: true,
    },
  },
  content: {
    subject: 'Fattura da emettere entro il {{dueDate}}',
    greeting: 'Ciao {{nutritionistName}},',
    paragraphs: [
      'sono passati {{days}} giorni dal pagamento di una visita: la fattura della prestazione sanitaria va emessa entro il {{dueDate}}.',
      'Puoi confermare con un clic la bozza preparata dai tuoi dati fiscali, oppure caricare il PDF della tua fattura.',
    ],
    action: { label: 'Vai alle fatture', url: '{{invoicesUrl}}' },
  },
});

/** Every template of this area (the editor's list: settings/mail-templates.ts). */
export const paymentMailTemplates = [
  paymentConfirmationTemplate,
  unappliedPaymentTemplate,
  latePaymentTemplate,
  invoiceIssuedTemplate,
  invoiceReminderTemplate,
];
