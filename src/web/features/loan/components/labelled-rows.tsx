import styles from './order.module.css';

/** Label and value rows, as the server words them (quote summaries, disclosures). */
export function LabelledRows({ rows }: { rows: readonly { text: string; value: string }[] }) {
  return (
    <dl>
      {rows.map((row) => (
        <div key={row.text} className={styles.row}>
          <dt>{row.text}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
