/** Friendly URL suggested from a title: 'Colazione: 5 idee sane!' -> 'colazione-5-idee-sane'. */
export const slugify = (title: string, maxLength = 120) =>
  title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, maxLength)
    .replace(/-+$/, '');
