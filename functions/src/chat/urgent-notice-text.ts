/**
 * The urgent notice's WhatsApp text (docs/product.md#e-mail-templates): an editable template whose default is
 * the body of the template approved by Meta (`WHATSAPP_TEMPLATE_NAME`), `{{1}}` and `{{2}}` written as names.
 * The conversation's link is the approved template's button, not part of the text.
 */
import { defineTextTemplate } from '../platform/mail-templates';
import { textFromTemplate } from '../platform/text-message';

export const urgentNoticeWhatsAppTemplate = defineTextTemplate({
  key: 'chat.urgent-notice-whatsapp',
  name: 'Avviso di messaggio urgente in chat',
  description:
    'Al paziente, su WhatsApp, quando il nutrizionista gli chiede di leggere la chat al più presto. Il testo deve coincidere con il modello approvato da Meta: le variabili, nell’ordine in cui compaiono, ne sono i parametri {{1}}, {{2}}; il pulsante apre la chat.',
  channel: 'whatsapp',
  variables: {
    patientName: { label: 'Nome del paziente', sample: 'Giulia', required: true },
    nutritionistName: {
      label: 'Nutrizionista con il titolo',
      sample: 'Dott.sa Chiara Bianchi',
      required: true,
    },
  },
  text: 'Ciao {{patientName}}, {{nutritionistName}} ti ha scritto nella chat di Nutrì e ti chiede di leggere il messaggio al più presto.',
});

export const urgentNoticeWhatsAppText = (patientName: string, nutritionistName: string) =>
  textFromTemplate(urgentNoticeWhatsAppTemplate, { patientName, nutritionistName });
