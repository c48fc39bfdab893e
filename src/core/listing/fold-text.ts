/**
 * How names and other texts compare without regard to case: lower-cased, then composed (NFC), so a
 * name a Mac stored decomposed ("e" then a combining acute) and one typed composed ("é") are one
 * text. Item rows keep the folded name (nameKey); keyword filters and smart-folder text rules fold
 * both sides with it.
 */
export const foldText = (text: string): string => text.toLocaleLowerCase().normalize('NFC');
