import type { ReactNode } from 'react';
import type { Block, DocContent, ListItem } from './document-types';
import styles from './document.module.css';

// E-mail addresses and https addresses in running text become links.
const LINKABLE = /([\w.+-]+@[\w-]+(?:\.[\w-]+)+|https:\/\/[^\s]+[^\s.,;:)])/;

function LinkedText({ text }: { text: string }): ReactNode {
  const parts = text.split(LINKABLE);
  return parts.map((part, index) => {
    // split with one capture group puts the matches at odd positions
    if (index % 2 === 0) return part;
    const address = part.startsWith('https://') ? part : `mailto:${part}`;
    return (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string never reorder
      <a key={index} href={address} rel="noopener noreferrer">
        {part}
      </a>
    );
  });
}

function Item({ item }: { item: ListItem }) {
  if (typeof item === 'string') return <LinkedText text={item} />;
  return (
    <>
      <strong>{item.term}</strong> <LinkedText text={item.text} />
    </>
  );
}

function BlockView({ block }: { block: Block }) {
  if (typeof block === 'string') {
    return (
      <p>
        <LinkedText text={block} />
      </p>
    );
  }
  return (
    <ul>
      {block.list.map((item) => (
        <li key={typeof item === 'string' ? item : item.term}>
          <Item item={item} />
        </li>
      ))}
    </ul>
  );
}

/** Renders a content file: an introduction, then one headed section after another. */
export function Document({ content }: { content: DocContent }) {
  return (
    <article className={styles.document}>
      {content.intro.map((block, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static content, never reordered
        <BlockView key={index} block={block} />
      ))}
      {content.sections.map((section) => (
        <section key={section.heading}>
          <h2>{section.heading}</h2>
          {section.blocks.map((block, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static content, never reordered
            <BlockView key={index} block={block} />
          ))}
        </section>
      ))}
    </article>
  );
}
