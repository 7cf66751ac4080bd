/** The privacy acceptance dialog's rule: both notices must be accepted, each with its own message. */

/** Texts of docs/product.md#errors (the server answers the same ones). */
export const PRIVACY_ERRORS = {
  service: 'L’accettazione dell’informativa privacy del servizio è obbligatoria.',
  nutritionist: 'L’accettazione dell’informativa privacy del nutrizionista è obbligatoria.',
} as const;

export interface PrivacyConsent {
  service: boolean;
  nutritionist: boolean;
}

export const privacyConsentErrors = (
  consent: PrivacyConsent,
): Partial<Record<keyof PrivacyConsent, string>> => ({
  ...(consent.service ? {} : { service: PRIVACY_ERRORS.service }),
  ...(consent.nutritionist ? {} : { nutritionist: PRIVACY_ERRORS.nutritionist }),
});
