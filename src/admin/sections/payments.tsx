import { App, Button, Card, Form, Input, InputNumber, Select, Table, Tag } from 'antd';
import { allocationParts, isExtension } from '../../shared/allocation-parts';
import { DeskTable } from '../desk-table';
import { useState } from 'react';
import { payments } from '../../shared/contracts/back-office-queues';
import { manualPayment } from '../../shared/contracts/operator-loans';
import { peso, useAction, useCall } from '../api';
import { manilaTime } from '../desk-format';
import { deskHref } from '../desk-paths';

interface ManualForm {
  orderId: number;
  reference: string;
  pesos: number;
  kind: 'repayment' | 'extension';
}

/** Finance: posted payments with provider references and allocations; a manual payment, posted once per reference. */
export function Payments() {
  const [orderNo, setOrderNo] = useState('');
  const list = useCall(payments, { orderNo: orderNo || undefined });
  const post = useAction(manualPayment);
  const { message } = App.useApp();
  const [form] = Form.useForm<ManualForm>();
  const submit = (values: ManualForm) =>
    post.mutate(
      { orderId: values.orderId, reference: values.reference, amount: Math.round(values.pesos * 100), kind: values.kind },
      {
        onSuccess: (result) => {
          void message.success(result.duplicate ? 'This reference was already posted: nothing changed' : `Posted; the order is now ${result.orderStatus}`);
          form.resetFields();
        },
        onError: (err) => void message.error(err.message),
      },
    );
  return (
    <>
      <Card title="Post a payment received outside the providers" style={{ marginBottom: 24 }}>
        <Form form={form} layout="inline" onFinish={submit} initialValues={{ kind: 'repayment' }}>
          <Form.Item label="Order id" name="orderId" rules={[{ required: true, message: 'Order id' }]}>
            <InputNumber min={1} />
          </Form.Item>
          <Form.Item label="Reference" name="reference" rules={[{ required: true, min: 3, message: 'The bank or receipt reference' }]}>
            <Input />
          </Form.Item>
          <Form.Item label="Amount (₱)" name="pesos" rules={[{ required: true, message: 'Amount' }]}>
            <InputNumber min={0.01} step={0.01} precision={2} />
          </Form.Item>
          <Form.Item label="For" name="kind">
            <Select style={{ width: 140 }} options={[{ value: 'repayment', label: 'Repayment' }, { value: 'extension', label: 'Extension' }]} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={post.isPending}>
            Post
          </Button>
        </Form>
      </Card>
      <Input.Search placeholder="Order number" allowClear onSearch={setOrderNo} style={{ width: 260, marginBottom: 16 }} aria-label="Find the payments of an order" />
      <DeskTable
        rowKey="id"
        loading={list.isPending}
        dataSource={list.data?.list ?? []}
        summary={(rows) =>
          rows.length > 1 ? (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} colSpan={5}>
                Total of the {rows.length} payments on this page
              </Table.Summary.Cell>
              <Table.Summary.Cell index={5} align="right">
                <span data-testid="payments-total">{peso(rows.reduce((sum, p) => sum + p.amount, 0))}</span>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={6} colSpan={3} />
            </Table.Summary.Row>
          ) : null
        }
        columns={[
          { title: 'Posted', dataIndex: 'createdAt', render: manilaTime },
          { title: 'Order', dataIndex: 'orderNo', render: (orderNo: string) => <a href={deskHref.find(orderNo)}>{orderNo}</a> },
          { title: 'Provider', dataIndex: 'provider' },
          { title: 'Reference', dataIndex: 'reference' },
          { title: 'For', dataIndex: 'kind' },
          { title: 'Amount', dataIndex: 'amount', align: 'right', render: peso },
          {
            title: 'Allocation',
            dataIndex: 'allocation',
            render: (a: Record<string, number>) => (
              <>
                {allocationParts(a)
                  .map((part) => `${part.name} ${peso(part.amount)}`)
                  .join(', ')}
                {isExtension(a) ? <Tag style={{ marginLeft: 8 }}>extension</Tag> : null}
              </>
            ),
          },
          { title: 'Business date', dataIndex: 'businessDate' },
          { title: 'By', dataIndex: 'postedBy' },
        ]}
      />
    </>
  );
}
