import { Input } from 'antd';

/** A JSON document to edit as text; the server validates it and names what is wrong. */
export function JsonEditor({ id, value, onChange }: { id: string; value: string; onChange: (text: string) => void }) {
  return <Input.TextArea id={id} rows={16} spellCheck={false} style={{ fontFamily: 'monospace', fontSize: 12 }} value={value} onChange={(e) => onChange(e.target.value)} />;
}

export const pretty = (value: unknown) => JSON.stringify(value, null, 2);
