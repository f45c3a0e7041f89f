/** A URL fragment from heading text: lowercase ASCII words joined by hyphens, accents dropped. */
export function anchorId(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
