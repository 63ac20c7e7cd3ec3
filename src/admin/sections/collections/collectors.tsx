import { App, Button, DatePicker, Popover, Space, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { markAway } from '../../../shared/contracts/back-office-collections';
import { useAction } from '../../api';

interface Collector {
  staffId: number;
  name: string;
  away: boolean;
  loans: number;
}

/** The collectors with their loans today; one marked away has their loans dealt to the others. */
export function Collectors({ collectors }: { collectors: Collector[] }) {
  const { message } = App.useApp();
  const away = useAction(markAway);
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  return (
    <Space wrap data-testid="collectors">
      {collectors.map((c) => (
        <Popover
          key={c.staffId}
          trigger="click"
          title={`${c.name} away`}
          content={
            <Space orientation="vertical">
              <DatePicker.RangePicker aria-label="Days away" onChange={(value) => setRange(value)} />
              <Button
                loading={away.isPending}
                disabled={!range?.[0] || !range[1]}
                onClick={() =>
                  away.mutate(
                    {
                      staffId: c.staffId,
                      fromDay: range?.[0]?.format('YYYY-MM-DD') ?? '',
                      untilDay: range?.[1]?.format('YYYY-MM-DD') ?? '',
                    },
                    {
                      onSuccess: (reply) =>
                        void message.success(`${reply.moved} loans dealt to the collectors at work`),
                      onError: (err) => void message.error(err.message),
                    },
                  )
                }
              >
                Mark away and rebalance
              </Button>
            </Space>
          }
        >
          <Tag color={c.away ? 'default' : 'blue'} style={{ cursor: 'pointer' }}>
            {c.name} · {c.away ? 'away' : `${c.loans} loans`}
          </Tag>
        </Popover>
      ))}
    </Space>
  );
}
