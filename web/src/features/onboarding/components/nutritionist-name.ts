import { honorific, type PublicNutritionist } from '@nutri/shared';

/** 'Dott.sa Giorgia Esposito' (docs/product.md#data: PersonalTitle 'dottoressa' gives Dott.sa, else Dott.). */
export const nutritionistName = (
  nutritionist: Pick<PublicNutritionist, 'PersonalTitle' | 'ApplicationUser'>,
) => `${honorific(nutritionist.PersonalTitle)} ${nutritionist.ApplicationUser.DisplayName}`;
