/**
 * Italian texts of the booking screens (docs/product.md#validation and #errors). Texts the spec quotes are kept exactly as
 * written there (straight apostrophes included); the others follow the product's tone.
 */
export const bookingUiTexts = {
  // Confirmations (docs/product.md#validation: cancel, modify, complete and the WhatsApp notice each ask first).
  confirmCancel: 'Vuoi davvero annullare l’appuntamento?',
  confirmModify: "Sei sicuro di voler modificare la data dell'appuntamento?",
  confirmComplete: "Sei sicuro di voler completare l'appuntamento?",
  confirmWhatsApp:
    'Vuoi inviare al paziente un avviso urgente su WhatsApp? Riceverà un messaggio con l’invito a leggere la chat.',
  // Outcomes (docs/product.md#errors).
  created: 'Appuntamento creato con successo',
  createFailed: "Impossibile creare l'appuntamento",
  cancelled: 'Appuntamento annullato con successo',
  modified: 'Appuntamento modificato con successo',
  completed: 'Appuntamento completato',
  whatsAppSent: 'Avviso inviato su WhatsApp',
  whatsAppFailedTitle: 'Impossibile inviare il messaggio',
  whatsAppNoPhone: "Manca il numero di telefono dell'utente",
  // Form checks (docs/product.md#validation).
  reasonRequired: 'Scegli il motivo dell’annullamento.',
  patientRequired: 'Scegli il paziente.',
  typeRequired: 'Scegli il tipo di appuntamento.',
  dateTimeRequired: 'Scegli la data e l’ora.',
  notFound: 'Appuntamento non trovato',
  notFoundHint: 'L’appuntamento non esiste oppure appartiene a un altro nutrizionista.',
} as const;
