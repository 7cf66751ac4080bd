/** Italian e-mails of the content area, to the support mailbox (HTML + text through the shared layout). */
import type { ContactMessage, JoinTeamApplicationView } from '@nutri/shared';
import { renderMail } from '../platform/mail-layout';

/** A value typed by a visitor, made safe for a one-line header such as the subject. */
const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim().slice(0, 100);

export const contactMessageMail = (message: ContactMessage) =>
  renderMail({
    subject: `Nuovo messaggio dal modulo contatti: ${oneLine(message.Name)}`,
    greeting: 'Ciao,',
    paragraphs: [
      `${message.Name} ha scritto dal modulo contatti del sito. Rispondi a questa e-mail per rispondere direttamente.`,
      `E-mail: ${message.Email}`,
      `Telefono: ${message.PhoneNo || 'non indicato'}`,
      'Messaggio:',
      message.Message,
    ],
    footer: 'Nutrì – modulo contatti',
  });

export const joinTeamApplicationMail = (application: JoinTeamApplicationView, backOfficeUrl: string) =>
  renderMail({
    subject: `Nuova candidatura: ${oneLine(application.Name)} (${application.ProfessionalProfile})`,
    greeting: 'Ciao,',
    paragraphs: [
      `${application.Name} si è candidato/a per entrare nel team di Nutrì.`,
      `Profilo professionale: ${application.ProfessionalProfile}`,
      `Iscrizione all’albo: ${application.RegisterNumber}`,
      `Anni di libera professione: ${application.YearsOfPractice}`,
      `Assicurazione professionale: ${application.HasInsurance ? 'sì' : 'no'}`,
      `E-mail: ${application.Email} – Telefono: ${application.PhoneNo}`,
      ...(application.Message ? ['Messaggio:', application.Message] : []),
      'Il CV è nel back-office, tra le candidature.',
    ],
    action: { label: 'Apri il back-office', url: backOfficeUrl },
    footer: 'Nutrì – entra nel team',
  });
