/**
 * A text message (SMS, WhatsApp) rendered from its template (docs/product.md#e-mail-templates): the caller
 * passes the template's default text and its values, the sender renders the current saved version instead
 * when a SystemAdmin saved one, as the mailer does for e-mails (platform/mail.ts).
 */
import { getCurrentTemplate } from './mail-template-store';
import {
  fillable,
  placeholdersOf,
  renderText,
  type MailTemplateDefinition,
  type TemplateRef,
} from './mail-templates';

export interface TextMessage {
  /** The text of the default version, with the values. */
  text: string;
  /** The default version's variables in their order of first use, with the values. */
  parameters: string[];
  /** The template it came from: its current version is sent instead, when there is one. */
  template?: Omit<TemplateRef, 'unsubscribe'>;
}

/** The message of a text template with its default text. */
export const textFromTemplate = (
  definition: MailTemplateDefinition,
  values: Record<string, string>,
): TextMessage => ({
  text: renderText(definition.defaults.text, values),
  parameters: placeholdersOf(definition.defaults.text).map((name) => values[name] ?? ''),
  template: { key: definition.key, values },
});

/**
 * The message as its current version renders it, with the variables in their order of first use (the
 * numbered parameters of a WhatsApp template). A version the values cannot fill (saved for older code)
 * leaves the default in place.
 */
export const currentText = async (
  message: TextMessage,
): Promise<Pick<TextMessage, 'text' | 'parameters'>> => {
  const asGiven = { text: message.text, parameters: message.parameters };
  if (!message.template) return asGiven;
  const { key, values } = message.template;
  const current = await getCurrentTemplate(key);
  const source = current && fillable(current, values) ? current.text : null;
  if (source === null) return asGiven;
  return {
    text: renderText(source, values),
    parameters: placeholdersOf(source).map((name) => values[name] ?? ''),
  };
};
