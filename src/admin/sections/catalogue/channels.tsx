import { App, Button, Checkbox, InputNumber, Select, Space, Table } from 'antd';
import { useEffect, useState } from 'react';
import { channels, products, saveChannels } from '../../../shared/contracts/back-office-catalogue';
import { useAction, useCall } from '../../api';
import { ChangeHistory } from '../audit/change-history';

/** Admin: which payment channels a product's payment sheet lists, and in which order. */
export function Channels() {
  const productList = useCall(products, {});
  const [productId, setProductId] = useState<number | null>(null);
  const firstId = productList.data?.list[0]?.id;
  useEffect(() => {
    if (productId === null && firstId !== undefined) setProductId(firstId);
  }, [productId, firstId]);
  const list = useCall(channels, { productId: productId ?? 0 }, productId !== null);
  const save = useAction(saveChannels);
  const { message } = App.useApp();
  const [order, setOrder] = useState<Record<number, number | null>>({});
  const [showHistory, setShowHistory] = useState(false);
  useEffect(() => {
    setOrder(
      Object.fromEntries(
        (list.data?.list ?? []).map((c) => [c.channelNumber, c.position === null ? null : c.position + 1]),
      ),
    );
  }, [list.data]);
  const chosen = Object.entries(order)
    .filter(([, pos]) => pos !== null)
    .sort((a, b) => (a[1] ?? 0) - (b[1] ?? 0))
    .map(([n]) => n);
  return (
    <>
      <Space style={{ marginBottom: 16 }}>
        <span id="channel-product">Product</span>
        <Select
          aria-labelledby="channel-product"
          style={{ width: 240 }}
          value={productId ?? undefined}
          onChange={setProductId}
          options={(productList.data?.list ?? []).map((p) => ({ value: p.id, label: p.name }))}
        />
        <Button disabled={productId === null} onClick={() => setShowHistory(true)}>
          History
        </Button>
      </Space>
      {showHistory && productId !== null ? (
        <ChangeHistory
          entity="product"
          entityId={productId}
          title={productList.data?.list.find((p) => p.id === productId)?.name ?? ''}
          onClose={() => setShowHistory(false)}
        />
      ) : null}
      <Table
        rowKey="channelNumber"
        loading={list.isPending}
        dataSource={list.data?.list ?? []}
        pagination={false}
        columns={[
          {
            title: 'Offered',
            render: (_, c) => (
              <Checkbox
                aria-label={`Offer ${c.name}`}
                checked={order[c.channelNumber] != null}
                onChange={(e) => setOrder({ ...order, [c.channelNumber]: e.target.checked ? chosen.length + 1 : null })}
              />
            ),
          },
          { title: 'Channel', dataIndex: 'name' },
          { title: 'Number', dataIndex: 'channelNumber' },
          { title: 'Kind', dataIndex: 'kind' },
          {
            title: 'Position',
            render: (_, c) =>
              order[c.channelNumber] != null ? (
                <InputNumber
                  aria-label={`Position of ${c.name}`}
                  min={1}
                  value={order[c.channelNumber]}
                  onChange={(v) => setOrder({ ...order, [c.channelNumber]: v ?? 1 })}
                />
              ) : null,
          },
        ]}
      />
      <Button
        type="primary"
        style={{ marginTop: 16 }}
        disabled={productId === null || chosen.length === 0}
        loading={save.isPending}
        onClick={() =>
          productId !== null &&
          save.mutate(
            { productId, channels: chosen.join(',') },
            { onSuccess: () => void message.success('Channels saved'), onError: (e) => void message.error(e.message) },
          )
        }
      >
        Save channels
      </Button>
    </>
  );
}
