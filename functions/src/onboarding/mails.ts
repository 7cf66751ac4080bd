import { renderMail } from '../platform/mail-layout';

export const verifyEmailMail = (firstName: string, url: string) =>
  renderMail({
    subject: 'Conferma la tua e-mail per iniziare con Nutrì',
    greeting: `Ciao ${firstName},`,
    paragraphs: [
      'grazie per esserti registrato su Nutrì. Conferma il tuo indirizzo e-mail per attivare l’account e conoscere il nutrizionista che abbiamo scelto per te.',
      'Il link è valido per 48 ore.',
    ],
    action: { label: 'Conferma la tua e-mail', url },
  });
