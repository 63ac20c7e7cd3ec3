/** A long static text (about us, privacy policy), written once per language in a content file. */
/** A list item is plain text, or a term in bold followed by its explanation. */
export type ListItem = string | { readonly term: string; readonly text: string };

export type Block = string | { readonly list: readonly ListItem[] };

export interface DocSection {
  readonly heading: string;
  readonly blocks: readonly Block[];
}

export interface DocContent {
  readonly intro: readonly Block[];
  readonly sections: readonly DocSection[];
}
