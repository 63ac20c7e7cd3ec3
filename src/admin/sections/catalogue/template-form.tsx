import { Col, Form, Input, Modal, Row, Switch, Typography } from 'antd';
import { LanguageHeadings, LanguagePair } from './language-pair';
import { ROWS, type TemplateFormValues } from './template-texts';

/** The row numbers of highlights and steps, as the admin reads them. */
const SLOTS = Array.from({ length: ROWS }, (_, i) => i + 1);

interface Props {
  title: string;
  initial: TemplateFormValues;
  saving: boolean;
  onSave: (values: TemplateFormValues) => void;
  onCancel: () => void;
}

type Path = (string | number)[];

const COLOURS = [
  ['background', 'Background'],
  ['onBackground', 'Text on the background'],
  ['accent', 'Buttons'],
  ['onAccent', 'Text on buttons'],
  ['card', 'Form card'],
  ['onCard', 'Text on the card'],
] as const;

const Pair = ({ label, path, max, area }: { label: string; path: Path; max: number; area?: boolean }) => (
  <LanguagePair label={label} english={['data', ...path]} filipino={['data', 'fil', ...path]} max={max} area={area} />
);

/**
 * Admin: a promotion landing template as a form: every text the reader sees in English and in
 * Filipino, the colours, images and store links. The server checks the whole page on saving.
 */
export function TemplateForm({ title, initial, saving, onSave, onCancel }: Props) {
  const [form] = Form.useForm<TemplateFormValues>();
  const field = (label: string, path: Path, placeholder?: string) => (
    <Form.Item name={['data', ...path]} label={label} style={{ marginBottom: 8 }}>
      <Input placeholder={placeholder} />
    </Form.Item>
  );
  return (
    <Modal
      title={title}
      open
      width={1000}
      okText="Save"
      okButtonProps={{ loading: saving }}
      onCancel={onCancel}
      onOk={() => form.validateFields().then(onSave)}
    >
      <Form form={form} layout="vertical" initialValues={initial} requiredMark={false} data-testid="template-form">
        <Row gutter={12}>
          <Col span={10}>
            <Form.Item
              name="name"
              label="Name (operators only)"
              rules={[{ required: true, message: 'Enter the name' }]}
            >
              <Input />
            </Form.Item>
          </Col>
          <Col span={8}>{field('App name', ['appName'])}</Col>
          <Col span={6}>
            <Form.Item name="enabled" label="Live" valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
        <LanguageHeadings />
        <Pair label="Title" path={['hero', 'title']} max={80} />
        <Pair label="Subtitle" path={['hero', 'subtitle']} max={160} area />
        <Pair label="Picture description" path={['hero', 'imageAlt']} max={120} />
        {SLOTS.map((n) => (
          <div key={`highlight-${n}`}>
            <Pair label={`Highlight ${n} figure`} path={['highlights', n - 1, 'value']} max={24} />
            <Pair label={`Highlight ${n} label`} path={['highlights', n - 1, 'label']} max={40} />
          </div>
        ))}
        <Pair label="Form title" path={['form', 'title']} max={60} />
        <Pair label="Apply button" path={['form', 'applyText']} max={30} />
        {SLOTS.map((n) => (
          <Pair key={`step-${n}`} label={`Step ${n}`} path={['steps', n - 1]} max={80} />
        ))}
        <Pair label="Download title" path={['download', 'title']} max={60} />
        <Pair label="Download text" path={['download', 'text']} max={200} area />
        <Pair label="Download picture description" path={['download', 'imageAlt']} max={120} />
        <Pair label="Footnote" path={['footnote']} max={300} area />
        <Typography.Title level={5}>Pictures and store links</Typography.Title>
        <Row gutter={12}>
          <Col span={12}>{field('Hero picture', ['hero', 'image'], '/img/promotion/hero.svg')}</Col>
          <Col span={12}>{field('Download picture', ['download', 'image'], '/img/promotion/download.svg')}</Col>
          <Col span={12}>{field('App Store address', ['download', 'appStoreUrl'], 'https://apps.apple.com/…')}</Col>
          <Col span={12}>{field('Google Play address', ['download', 'playStoreUrl'], 'https://play.google.com/…')}</Col>
        </Row>
        <Typography.Title level={5}>Colours</Typography.Title>
        <Row gutter={12}>
          {COLOURS.map(([key, label]) => (
            <Col span={4} key={key}>
              {field(label, ['colours', key], '#FE7133')}
            </Col>
          ))}
        </Row>
      </Form>
    </Modal>
  );
}
