/** Italian e-mails of the account flows (HTML + text through the shared layout). */
import { renderMail } from '../platform/mail-layout';

export const passwordResetMail = (displayName: string, url: string) =>
  renderMail({
    subject: 'Reimposta la tua password di Nutrì',
    greeting: `Ciao ${displayName},`,
    paragraphs: [
      'abbiamo ricevuto una richiesta per reimpostare la password del tuo account Nutrì.',
      'Il link è valido per 1 ora e può essere usato una sola volta.',
      'Se la richiesta non è partita da te, ignora questa e-mail: la tua password resta invariata.',
    ],
    action: { label: 'Reimposta la password', url },
  });

export const emailChangedNoticeMail = (displayName: string, newEmail: string, supportUrl: string) =>
  renderMail({
    subject: 'L’indirizzo e-mail del tuo account Nutrì è stato cambiato',
    greeting: `Ciao ${displayName},`,
    paragraphs: [
      `l’indirizzo e-mail del tuo account è ora ${newEmail}.`,
      'Se non hai chiesto tu questa modifica, contattaci subito: proteggeremo il tuo account.',
    ],
    action: { label: 'Contatta il supporto', url: supportUrl },
  });

export const emailChangedConfirmationMail = (displayName: string) =>
  renderMail({
    subject: 'Il tuo nuovo indirizzo e-mail su Nutrì',
    greeting: `Ciao ${displayName},`,
    paragraphs: [
      'da ora riceverai a questo indirizzo le comunicazioni di Nutrì e potrai usarlo per accedere.',
    ],
  });

export const phoneCodeSms = (code: string) =>
  `Nutrì: il tuo codice di verifica è ${code}. Scade tra 10 minuti. Non condividerlo con nessuno.`;

export const loginAttackNoticeMail = (displayName: string, failures: number, resetUrl: string) =>
  renderMail({
    subject: 'Tentativi di accesso al tuo account Nutrì',
    greeting: `Ciao ${displayName},`,
    paragraphs: [
      `nell’ultima ora qualcuno ha provato ad accedere al tuo account Nutrì con una password sbagliata (${failures} tentativi).`,
      'Chi prova da un altro dispositivo deve attendere sempre più a lungo tra un tentativo e l’altro; tu puoi continuare ad accedere normalmente.',
      'Se eri tu, non devi fare nulla. Altrimenti ti consigliamo di scegliere una nuova password, diversa da quelle che usi altrove.',
    ],
    action: { label: 'Scegli una nuova password', url: resetUrl },
  });

export const invitationMail = (displayName: string, url: string, validDays: number) =>
  renderMail({
    subject: 'Ti diamo il benvenuto in Nutrì: crea la tua password',
    greeting: `Ciao ${displayName},`,
    paragraphs: [
      'è stato creato per te un account da nutrizionista su Nutrì.',
      `Scegli la tua password dal link qui sotto: è valido per ${validDays} giorni e può essere usato una sola volta. Poi completa il tuo profilo.`,
      'Se non ti aspettavi questo invito, ignora questa e-mail.',
    ],
    action: { label: 'Crea la password', url },
  });

export const confirmEmailMail = (displayName: string, url: string) =>
  renderMail({
    subject: 'Conferma il tuo indirizzo e-mail su Nutrì',
    greeting: `Ciao ${displayName},`,
    paragraphs: [
      'l’indirizzo e-mail del tuo account Nutrì è stato cambiato in questo.',
      'Confermalo dal link qui sotto: è valido per 3 giorni e può essere usato una sola volta.',
    ],
    action: { label: 'Conferma l’indirizzo', url },
  });
