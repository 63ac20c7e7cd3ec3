import { Alert, Button, Col, Form, Input, InputNumber, Modal, Row, Select, Space, Switch, Typography } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { checkProduct } from '../../../shared/contracts/back-office-catalogue';
import { useCall } from '../../api';
import { LanguageHeadings, LanguagePair } from './language-pair';
import { type ProductFormValues, termsOfForm } from './product-terms';

interface Props {
  title: string;
  initial: ProductFormValues;
  saving: boolean;
  onSave: (values: ProductFormValues, terms: Record<string, unknown>) => void;
  onCancel: () => void;
}

/** The value after it has stopped changing for `ms`: the engine check runs once per pause, not per key. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * Admin: a product's terms as a form, one field per figure of the engine's product, in pesos,
 * percent and days. Each pause in typing runs the engine's check (nothing saved); its refusals
 * show under their field in red, the ceilings that bind the field under it in grey.
 */
export function ProductForm({ title, initial, saving, onSave, onCancel }: Props) {
  const [form] = Form.useForm<ProductFormValues>();
  const values = Form.useWatch([], form) as ProductFormValues | undefined;
  const termsJson = useSettled(JSON.stringify(termsOfForm(values ?? initial)), 400);
  const check = useCall(checkProduct, { terms: termsJson });
  const verdict = check.data;
  const errorsOf = (path: string) => verdict?.errors[path] ?? [];
  const help = (path: string): ReactNode => {
    const errors = errorsOf(path);
    const ceilings = verdict?.ceilings[path] ?? [];
    if (errors.length === 0 && ceilings.length === 0) return undefined;
    return (
      <div data-testid={`check-${path}`}>
        {errors.map((m) => (
          <div key={m} role="alert">
            {m}
          </div>
        ))}
        {ceilings.map((m) => (
          <Typography.Text key={m} type="secondary" style={{ display: 'block', fontSize: 12 }}>
            {m}
          </Typography.Text>
        ))}
      </div>
    );
  };
  const status = (path: string) => (errorsOf(path).length > 0 ? ('error' as const) : undefined);
  const field = (path: string, name: keyof ProductFormValues, label: string, input: ReactNode) => (
    <Form.Item name={name} label={label} help={help(path)} validateStatus={status(path)}>
      {input}
    </Form.Item>
  );
  const money = (label: string) => (
    <InputNumber aria-label={label} prefix="₱" min={0} step={100} style={{ width: '100%' }} />
  );
  const percent = (label: string, suffix: string) => (
    <InputNumber aria-label={label} suffix={suffix} min={0} step={0.01} style={{ width: '100%' }} />
  );
  const days = (label: string, suffix = 'days') => (
    <InputNumber aria-label={label} suffix={suffix} min={1} precision={0} style={{ width: '100%' }} />
  );
  const general = [...errorsOf('terms'), ...errorsOf('product')];
  // The list's own refusals and each term's, under the one field.
  const termOptionErrors = Object.keys(verdict?.errors ?? {})
    .filter((path) => path === 'termOptions' || path.startsWith('termOptions.'))
    .flatMap((path) => errorsOf(path));
  const termOptionsHelp =
    termOptionErrors.length > 0 ? (
      <div data-testid="check-termOptions">
        {termOptionErrors.map((m) => (
          <div key={m} role="alert">
            {m}
          </div>
        ))}
      </div>
    ) : undefined;
  return (
    <Modal
      title={title}
      open
      width={960}
      okText="Save"
      okButtonProps={{ loading: saving, disabled: verdict?.ok === false }}
      onCancel={onCancel}
      onOk={() => form.validateFields().then((v) => onSave(v, termsOfForm(v)))}
    >
      <Form form={form} layout="vertical" initialValues={initial} requiredMark={false} data-testid="product-form">
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item name="name" label="Name" rules={[{ required: true, message: 'Enter the name' }]}>
              <Input />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="logo" label="Logo address" rules={[{ required: true, message: 'Give the logo address' }]}>
              <Input />
            </Form.Item>
          </Col>
          <Col span={4}>
            <Form.Item
              name="enabled"
              label="Offered"
              valuePropName="checked"
              extra="Turning on waits for a second admin"
            >
              <Switch />
            </Form.Item>
          </Col>
        </Row>
        <Typography.Title level={5}>Amounts and term</Typography.Title>
        <Row gutter={16}>
          <Col span={6}>{field('minAmount', 'minAmount', 'Smallest loan', money('Smallest loan'))}</Col>
          <Col span={6}>{field('maxAmount', 'maxAmount', 'Largest loan', money('Largest loan'))}</Col>
          <Col span={4}>{field('amountStep', 'amountStep', 'Step', money('Step'))}</Col>
          <Col span={4}>{field('termDays', 'termDays', 'Term', days('Term'))}</Col>
          <Col span={4}>{field('periods', 'periods', 'Installments', days('Installments', 'periods'))}</Col>
        </Row>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item
              name="otherTerms"
              label="Other terms the borrower may choose (days)"
              extra="The term above is quoted first; the confirm page offers a choice when there are others"
              help={termOptionsHelp}
              validateStatus={termOptionsHelp ? 'error' : undefined}
            >
              <Select
                mode="tags"
                aria-label="Other terms"
                tokenSeparators={[',', ' ']}
                open={false}
                suffixIcon={null}
                placeholder="e.g. 182"
                data-testid="product-other-terms"
              />
            </Form.Item>
          </Col>
        </Row>
        <Typography.Title level={5}>Pricing (a change waits for a second admin)</Typography.Title>
        <Row gutter={16}>
          <Col span={8}>
            {field('dailyInterestBps', 'dailyInterestPct', 'Interest', percent('Interest', '% a day'))}
          </Col>
          <Col span={8}>
            {field('serviceFeeBps', 'serviceFeePct', 'Service fee', percent('Service fee', '% of principal'))}
          </Col>
          <Col span={8}>
            {field('extensionFeeBps', 'extensionFeePct', 'Extension fee', percent('Extension fee', '% of principal'))}
          </Col>
        </Row>
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item
              name="extensionAllowed"
              label="Extensions allowed"
              valuePropName="checked"
              help={help('extensionAllowed')}
              validateStatus={status('extensionAllowed')}
            >
              <Switch />
            </Form.Item>
          </Col>
          <Col span={8}>
            {field(
              'defaultChargeNew',
              'defaultChargeNew',
              'Default charge, new borrower',
              money('Default charge, new borrower'),
            )}
          </Col>
          <Col span={8}>
            {field(
              'defaultChargeRepeat',
              'defaultChargeRepeat',
              'Default charge, repeat borrower',
              money('Default charge, repeat borrower'),
            )}
          </Col>
        </Row>
        <Form.Item label="Late interest tiers" help={help('penaltyTiers')} validateStatus={status('penaltyTiers')}>
          <Form.List name="penaltyTiers">
            {(tiers, { add, remove }) => (
              <Space direction="vertical" style={{ width: '100%' }}>
                {tiers.map((tier, i) => (
                  <Space key={tier.key} align="start">
                    <Form.Item
                      name={[tier.name, 'fromDay']}
                      help={help(`penaltyTiers.${i}.fromDay`)}
                      validateStatus={status(`penaltyTiers.${i}.fromDay`)}
                      noStyle={false}
                      style={{ marginBottom: 0 }}
                    >
                      <InputNumber
                        aria-label={`Tier ${i + 1} from overdue day`}
                        prefix="from day"
                        min={1}
                        precision={0}
                        style={{ width: 160 }}
                      />
                    </Form.Item>
                    <Form.Item
                      name={[tier.name, 'monthlyPct']}
                      help={help(`penaltyTiers.${i}.monthlyBps`)}
                      validateStatus={status(`penaltyTiers.${i}.monthlyBps`)}
                      style={{ marginBottom: 0 }}
                    >
                      <InputNumber
                        aria-label={`Tier ${i + 1} rate`}
                        suffix="% a month"
                        min={0}
                        step={0.5}
                        style={{ width: 160 }}
                      />
                    </Form.Item>
                    <Button onClick={() => remove(tier.name)} disabled={tiers.length === 1}>
                      Remove
                    </Button>
                  </Space>
                ))}
                <Button onClick={() => add({ fromDay: null, monthlyPct: null })}>Add a tier</Button>
              </Space>
            )}
          </Form.List>
        </Form.Item>
        <Typography.Title level={5}>Prepayment</Typography.Title>
        <Row gutter={16}>
          <Col span={8}>
            {field(
              'prepayment.minDaysAfterDisbursal',
              'prepaymentMinDays',
              'Earliest, after disbursal',
              days('Earliest prepayment'),
            )}
          </Col>
          <Col span={8}>
            {field(
              'prepayment.minTermShareBps',
              'prepaymentMinSharePct',
              'Earliest, share of the term',
              percent('Earliest share of the term', '% of the term'),
            )}
          </Col>
        </Row>
        <Typography.Title level={5}>Borrower's limit (applies at once)</Typography.Title>
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item name="firstLoanMax" label="First loan at most" extra="Blank: the largest loan from the start">
              {money('First loan at most')}
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="limitStep" label="Limit grows per loan repaid on time">
              {money('Limit growth')}
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="openLoansAllowed" label="Open loans a borrower may hold">
              {days('Open loans allowed', 'loans')}
            </Form.Item>
          </Col>
        </Row>
        <Typography.Title level={5}>Confirm page texts</Typography.Title>
        <LanguageHeadings />
        <LanguagePair
          label="Button"
          english={['presentation', 'buttonText']}
          filipino={['presentation', 'fil', 'buttonText']}
          max={40}
        />
        <LanguagePair
          label="Promotional popup"
          english={['presentation', 'promoText']}
          filipino={['presentation', 'fil', 'promoText']}
          max={300}
          area
        />
        <LanguagePair
          label="Leaving popup title"
          english={['presentation', 'retention', 'title']}
          filipino={['presentation', 'fil', 'retention', 'title']}
          max={80}
        />
        <LanguagePair
          label="Leaving popup text"
          english={['presentation', 'retention', 'content']}
          filipino={['presentation', 'fil', 'retention', 'content']}
          max={300}
          area
        />
        <Form.Item name={['presentation', 'agreementPopUrl']} label="Agreement popup address">
          <Input placeholder="/loanAgreement?productId=…&position=1" />
        </Form.Item>
        {general.length > 0 ? <Alert type="error" title={general.join('. ')} /> : null}
        {verdict?.notes.length ? <Alert type="info" title={verdict.notes.join('. ')} style={{ marginTop: 8 }} /> : null}
      </Form>
    </Modal>
  );
}
