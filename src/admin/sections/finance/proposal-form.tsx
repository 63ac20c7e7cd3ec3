import { Button, Form, type FormInstance, Input } from 'antd';
import type { ReactNode } from 'react';

/**
 * The form a finance user proposes with, for a second finance user to approve (the decision is
 * `CheckerActions`): the contract, then a required note of at least three characters (the bank
 * reference of a payment received, the reason for a write-off), the proposal's own fields, and
 * the button. Inline, so it sits above the list of proposals waiting.
 */
export function ProposalForm<V extends { orderNo: string }>({
  form,
  note,
  onFinish,
  pending,
  submit,
  danger = false,
  initialValues,
  children,
}: {
  form: FormInstance<V>;
  note: { name: 'reference' | 'reason'; label: string; hint: string; width: number };
  onFinish: (values: V) => void;
  pending: boolean;
  submit: string;
  danger?: boolean;
  initialValues?: Partial<V>;
  children?: ReactNode;
}) {
  return (
    <Form form={form} layout="inline" onFinish={onFinish} initialValues={initialValues}>
      <Form.Item
        label="Contract"
        name="orderNo"
        rules={[{ required: true, message: 'The contract number, like HRM00000080' }]}
      >
        <Input style={{ width: 150 }} />
      </Form.Item>
      <Form.Item label={note.label} name={note.name} rules={[{ required: true, min: 3, message: note.hint }]}>
        <Input style={{ width: note.width }} />
      </Form.Item>
      {children}
      <Button type="primary" danger={danger} htmlType="submit" loading={pending}>
        {submit}
      </Button>
    </Form>
  );
}
