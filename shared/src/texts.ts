/**
 * Italian texts users see. Texts quoted in docs/product.md are kept exactly as written there.
 */
export const ERROR_TOAST_TITLE = 'Errore!';

export const errorTexts = {
  // API error messages (the `message` of `{ code, message }`).
  bad_request: 'Richiesta non valida.',
  validation_failed: 'Alcuni dati non sono validi.',
  invalid_json: 'Il corpo della richiesta non è un JSON valido.',
  unauthorized: 'Accesso richiesto: effettua il login.',
  forbidden: 'Non hai i permessi per questa operazione.',
  not_found: 'Risorsa non trovata.',
  conflict: 'La risorsa è stata modificata da un’altra operazione. Riprova.',
  unprocessable: 'Operazione non consentita in questo stato.',
  too_many_requests: 'Troppi tentativi. Riprova più tardi.',
  payload_too_large: 'Il contenuto inviato è troppo grande.',
  internal: 'Si è verificato un errore inatteso. Riprova più tardi.',
  // Client-side texts of docs/product.md#errors.
  cannotLoadData: 'Impossibile caricare i dati',
  cannotSaveData: 'Impossibile salvare i dati',
  cannotUpdateData: 'Impossibile aggiornare i dati',
  connectionProblem: 'Errore: Possibile problema di connessione al server',
  operationFailed: 'Operazione non riuscita',
  chatDisconnected: 'Connessione al server persa. Per favore, aggiorna la pagina',
  notFoundPage: 'Pagina non trovata',
  missingId: 'Missing parameter: id',
} as const;

/** Validation messages used by the shared zod schemas (and so by forms and handlers alike). */
export const validationTexts = {
  required: 'Campo obbligatorio',
  invalidEmail: 'Indirizzo e-mail non valido',
  tooLong: (max: number) => `Massimo ${max} caratteri`,
  tooShort: (min: number) => `Minimo ${min} caratteri`,
  passwordMin: 'La password deve contenere almeno 8 caratteri',
  phoneDigits: 'Il numero deve contenere da 9 a 12 cifre',
  invalidValue: 'Valore non valido',
  unknownField: (name: string) => `Campo non previsto: ${name}`,
  passwordMismatch: 'Le password non coincidono',
  passwordTooLong: 'La password può contenere al massimo 100 caratteri',
  phoneDigitsOnly: 'Il numero può contenere solo cifre',
  phonePrefix: 'Prefisso internazionale non valido',
  singleLine: 'Scrivi il testo su una sola riga, senza a capo né caratteri di controllo',
  controlCharacters: 'Il testo contiene caratteri di controllo non ammessi',
} as const;

/** Texts of sign-in, password and profile screens (docs/product.md#screens, #states and #errors: quoted texts kept as written). */
export const accountTexts = {
  invalidCredentials: 'Nome utente o password non valido!',
  loginFailed: 'Impossibile effettuare il login',
  passwordResetSuccess: 'Password reimpostata con successo',
  passwordResetFailed: 'Impossibile reimpostare la password',
  passwordResetUnknownError: 'Si è verificato un errore sconosciuto durante il reset della password',
  passwordChanged: 'Password modificata con successo',
  passwordChangeFailed: 'Impossibile modificare la password',
  recoverPasswordSent:
    'Se l’indirizzo corrisponde a un account, riceverai a breve un’e-mail con il link per reimpostare la password.',
  expiredLink: 'Il link che hai usato è scaduto o non è più valido.',
  notInRole: 'Il tuo account non ha i permessi per accedere alla pagina richiesta.',
  unsubscribed: 'Disiscrizione completata: non riceverai più promemoria e avvisi via e-mail.',
  profileSaved: 'Profilo aggiornato',
  photoUpdated: 'Foto del profilo aggiornata',
  photoRemoved: 'Foto del profilo rimossa',
} as const;
