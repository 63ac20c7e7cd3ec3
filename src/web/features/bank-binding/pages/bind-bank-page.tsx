import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from '../../../lib/router';
import {
  BindField,
  bindPayload,
  bindIssues,
  type FormItem,
  isItemShown,
  selectedChannel,
} from '../../../../shared/contracts/bank-binding';
import { href } from '../../../../shared/pages';
import { manilaToday } from '../../../lib/format';
import { t } from '../../../lib/i18n';
import { bankFlowEnd, bankFlowStart, closeWebview } from '../../../lib/native-bridge';
import { showToast } from '../../../lib/toast';
import { Button } from '../../../lib/ui/button';
import { PageLayout } from '../../../lib/ui/page-layout';
import { QueryState } from '../../../lib/ui/query-state';
import { useBindCard } from '../api/bind-card';
import { useCardInit } from '../api/get-card-init';
import styles from '../components/bank-binding.module.css';
import { ChoiceField } from '../components/choice-field';
import { CityField } from '../components/city-field';
import { DayField } from '../components/day-field';
import { TextField } from '../components/text-field';
import { Tabs } from '../../../lib/ui/tabs';
import { cardTypeTabs, clearMasked, initialCardType, initialValues, issueText, type Values } from '../form-state';

const positive = (value: string | null) => {
  const n = Number(value);
  return value && Number.isSafeInteger(n) && n > 0 ? n : 0;
};

const CHOICES_THAT_CHANGE_THE_ACCOUNT: readonly string[] = [BindField.channel, BindField.bankCode];

function BindForm({
  items,
  productId,
  orderId,
  fromLoanDetail,
}: {
  items: FormItem[];
  productId: number;
  orderId: number;
  fromLoanDetail: boolean;
}) {
  const navigate = useNavigate();
  const bind = useBindCard(fromLoanDetail);
  const [cardType, setCardType] = useState(() => initialCardType(items));
  const [values, setValues] = useState<Values>(() => initialValues(items));
  const channel = selectedChannel(values);
  const shown = items.filter((item) => isItemShown(item, cardType, channel));

  // Each item's problem after Next, shown at the item; an item's own change clears its own.
  const [errors, setErrors] = useState<Readonly<Record<string, string>>>({});
  const set = (code: string, value: string) => {
    setErrors((prev) => {
      if (!(code in prev)) return prev;
      const { [code]: _cleared, ...rest } = prev;
      return rest;
    });
    setValues((prev) => {
      const next = { ...prev, [code]: value };
      return CHOICES_THAT_CHANGE_THE_ACCOUNT.includes(code) && prev[code] !== value ? clearMasked(next) : next;
    });
  };

  const chooseCardType = (key: string) => {
    const next = Number(key);
    if (next === cardType) return;
    setCardType(next);
    setValues(clearMasked);
  };

  const onNext = async () => {
    if (bind.isPending) return;
    // Every problem at once, each under its field, and the first field focused: not one at a
    // time in a toast that names no field.
    const issues = bindIssues(items, values, cardType, manilaToday());
    setErrors(Object.fromEntries(issues.map((issue) => [issue.code, issueText(issue)])));
    const first = issues[0];
    if (first) {
      const field = document.querySelector<HTMLElement>(`[data-testid="bind-${first.code}"]`);
      field?.scrollIntoView({ block: 'center' });
      field?.focus();
      return;
    }
    const result = await bind.mutateAsync(bindPayload(items, values, cardType, productId));
    if (!result.success) return;
    showToast(t('bank.saved'));
    bankFlowEnd();
    if (fromLoanDetail)
      void navigate(href('order', { productId, orderId: orderId || undefined, source: 'loanDetail' }), {
        replace: true,
      });
    else closeWebview();
  };

  return (
    <>
      <Tabs
        items={cardTypeTabs(items).map((tab) => ({ key: String(tab.type), title: tab.name }))}
        active={String(cardType)}
        onChange={chooseCardType}
        className={styles.tabs}
        data-testid="bind-card-types"
      />
      <p className={styles.intro}>{t('bank.intro')}</p>
      <div className={styles.form}>
        {shown.map((item) => {
          const key = `${item.code}-${item.channelNumber}`;
          const props = {
            item,
            value: values[item.code] ?? '',
            onChange: (v: string) => set(item.code, v),
            error: errors[item.code],
          };
          switch (item.category) {
            case 'enum':
              return <ChoiceField key={key} {...props} />;
            case 'citySelect':
              return <CityField key={key} {...props} />;
            case 'day':
              return <DayField key={key} {...props} />;
            default:
              return <TextField key={key} {...props} />;
          }
        })}
      </div>
      <Button
        block
        size="large"
        className={styles.next}
        loading={bind.isPending}
        onClick={() => void onNext()}
        data-testid="bind-next"
      >
        {t('bank.next')}
      </Button>
    </>
  );
}

/**
 * spec 000 §2 bank account binding (title Payment account information): the form from card-init,
 * card-type tabs, pickers with Confirm and Cancel, digits-only number inputs, the channel rule of
 * §5, and Next → bind → the webview closes, or with source=loanDetail the order page.
 */
export function BindBankPage() {
  const [params] = useSearchParams();
  const productId = positive(params.get('productId') ?? params.get('product_id'));
  const orderId = positive(params.get('orderId'));
  const fromLoanDetail = params.get('source') === 'loanDetail';
  const init = useCardInit(productId);

  useEffect(() => bankFlowStart(), []);

  return (
    <PageLayout title={t('page.bindBank')}>
      {productId === 0 ? (
        <p className={styles.empty} role="alert">
          {t('bank.noProduct')}
        </p>
      ) : (
        <QueryState query={init}>
          {({ items }) => (
            <BindForm items={items} productId={productId} orderId={orderId} fromLoanDetail={fromLoanDetail} />
          )}
        </QueryState>
      )}
    </PageLayout>
  );
}
