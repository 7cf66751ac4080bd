/**
 * 'Dott.sa' for PersonalTitle 'dottoressa', 'Dott.' otherwise (docs/product.md#data). Same rule as shared
 * `honorific` (a unit test keeps them equal); not imported from there because that module builds zod
 * schemas, which the public pages' chunk does not load.
 */
export const honorific = (personalTitle: string | null | undefined) =>
  personalTitle?.trim().toLowerCase() === 'dottoressa' ? 'Dott.sa' : 'Dott.';
