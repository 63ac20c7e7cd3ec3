import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { staffLogin } from '../shared/contracts/back-office';
import { call, staffToken } from './api';

/** Staff sign-in by e-mail and password (DESIGN §10). */
export function SignIn({ onSignedIn }: { onSignedIn: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (values: { email: string; password: string }) => {
    setBusy(true);
    setError(null);
    try {
      const { token } = await call(staffLogin, values);
      staffToken.set(token);
      onSignedIn();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <main style={{ display: 'grid', placeItems: 'center', minHeight: '100vh', background: '#f5f5f5' }}>
      <Card style={{ width: 380 }}>
        <Typography.Title level={1} style={{ fontSize: 24 }}>
          Hiram back office
        </Typography.Title>
        {error ? <Alert type="error" title={error} style={{ marginBottom: 16 }} data-testid="sign-in-error" /> : null}
        <Form layout="vertical" onFinish={(values: { email: string; password: string }) => void submit(values)} requiredMark={false}>
          <Form.Item label="E-mail" name="email" rules={[{ required: true, type: 'email', message: 'Enter your e-mail address' }]}>
            <Input autoComplete="username" data-testid="staff-email" />
          </Form.Item>
          <Form.Item label="Password" name="password" rules={[{ required: true, message: 'Enter your password' }]}>
            <Input.Password autoComplete="current-password" data-testid="staff-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy} data-testid="staff-sign-in">
            Sign in
          </Button>
        </Form>
      </Card>
    </main>
  );
}
