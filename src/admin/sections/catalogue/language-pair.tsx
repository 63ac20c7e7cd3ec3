import { Col, Form, Input, Row, Typography } from 'antd';

type Path = (string | number)[];

/** One text a borrower reads, in English and in Filipino side by side; a blank Filipino text reads in English. */
export function LanguagePair({
  label,
  english,
  filipino,
  max,
  area,
}: {
  label: string;
  english: Path;
  filipino: Path;
  max: number;
  area?: boolean;
}) {
  const input = (language: string) =>
    area ? (
      <Input.TextArea aria-label={`${label} (${language})`} rows={2} maxLength={max} />
    ) : (
      <Input aria-label={`${label} (${language})`} maxLength={max} />
    );
  return (
    <Row gutter={12}>
      <Col span={5}>
        <Typography.Text>{label}</Typography.Text>
      </Col>
      <Col span={10}>
        <Form.Item name={english} style={{ marginBottom: 8 }}>
          {input('English')}
        </Form.Item>
      </Col>
      <Col span={9}>
        <Form.Item name={filipino} style={{ marginBottom: 8 }}>
          {input('Filipino')}
        </Form.Item>
      </Col>
    </Row>
  );
}

/** The heading row over a column of pairs. */
export function LanguageHeadings() {
  return (
    <Row gutter={12} style={{ marginBottom: 4 }}>
      <Col span={5} />
      <Col span={10}>
        <Typography.Text strong>English</Typography.Text>
      </Col>
      <Col span={9}>
        <Typography.Text strong>Filipino (blank: shown in English)</Typography.Text>
      </Col>
    </Row>
  );
}
