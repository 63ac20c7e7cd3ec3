import { Drawer, Empty, List, Tag, Typography } from 'antd';
import { catalogueHistory, type HistoryEntry } from '../../../shared/contracts/back-office-catalogue';
import { useCall } from '../../api';
import { manilaTime } from '../../desk-format';
import { changeLine } from './change-line';

type FieldChange = HistoryEntry['changes'][number];

const Changes = ({ changes }: { changes: FieldChange[] }) => (
  <ul style={{ margin: 0, paddingLeft: 18 }}>
    {changes.map((c) => (
      <li key={c.field} title={c.field}>
        {changeLine(c)}
      </li>
    ))}
  </ul>
);

/** Admin: who changed a product (or its channels) or a template, when, and each field before → after. */
export function ChangeHistory({
  entity,
  entityId,
  title,
  onClose,
}: {
  entity: 'product' | 'template';
  entityId: number;
  title: string;
  onClose: () => void;
}) {
  const history = useCall(catalogueHistory, { entity, entityId });
  const list = history.data?.list ?? [];
  return (
    <Drawer open title={`History: ${title}`} width={560} onClose={onClose}>
      {list.length === 0 && !history.isPending ? <Empty description="No changes recorded" /> : null}
      <List
        loading={history.isPending}
        dataSource={list}
        data-testid="change-history"
        renderItem={(h) => (
          <List.Item key={h.id}>
            <List.Item.Meta
              title={
                <span>
                  <strong title={h.actor}>{h.actorName}</strong> {h.what}
                  {h.proposedBy ? ` proposed by ${h.proposedBy}` : ''}{' '}
                  <Typography.Text type="secondary">{manilaTime(h.at)}</Typography.Text>
                </span>
              }
              description={
                <>
                  {h.changes.length > 0 ? <Changes changes={h.changes} /> : null}
                  {h.proposed ? (
                    <div style={{ marginTop: 4 }}>
                      <Tag color="orange">
                        {h.what === 'rejected a change' ? 'rejected' : 'proposed'} change {h.proposed.changeId}
                      </Tag>
                      <Changes changes={h.proposed.changes} />
                    </div>
                  ) : null}
                  {h.reason ? <div>Reason: {h.reason}</div> : null}
                </>
              }
            />
          </List.Item>
        )}
      />
    </Drawer>
  );
}
