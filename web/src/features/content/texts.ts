/**
 * Texts of the public content pages and forms that the shared package does not hold (docs/product.md#errors:
 * the cannot-load-static-content snack and the contact form's cannot-send message).
 */
export const contentTexts = {
  cannotLoadStaticContent: 'Impossibile caricare il contenuto',
  cannotSendMessage: 'Impossibile inviare il messaggio. Riprova tra qualche minuto.',
  messageSent: 'Messaggio inviato! Ti risponderemo il prima possibile all’indirizzo che ci hai lasciato.',
  applicationSent:
    'Candidatura inviata! La valuteremo con attenzione e ti ricontatteremo all’indirizzo e-mail indicato.',
  cannotSendApplication: 'Impossibile inviare la candidatura. Riprova tra qualche minuto.',
  honeypotLabel: 'Lascia vuoto questo campo',
} as const;
