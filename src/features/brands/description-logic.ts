/** A description is shown open when shorter than 400 characters, otherwise collapsed until 'more'. */
export const COLLAPSE_THRESHOLD = 400;

/** The visible text length of an HTML description (tags dropped, entities and whitespace collapsed). */
export function visibleTextLength(html: string | null | undefined): number {
  return (html ?? '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&[a-z]+;|&#x?[0-9a-f]+;/gi, 'x')
    .replace(/\s+/g, ' ')
    .trim().length;
}

export function startsCollapsed(html: string | null | undefined): boolean {
  return visibleTextLength(html) >= COLLAPSE_THRESHOLD;
}
