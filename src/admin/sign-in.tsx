import { Alert, Button, Form, Input, Typography, theme } from 'antd';
import { type ReactNode, useState } from 'react';
import { STAFF_PASSWORD_MIN, staffLogin } from '../shared/contracts/back-office';
import { call, staffToken } from './api';

type Reply = Awaited<ReturnType<typeof call<typeof staffLogin>>>;
type Stage =
  | { kind: 'password' }
  | { kind: 'change-password' }
  | { kind: 'code' }
  | { kind: 'enrol'; enrolment: NonNullable<Reply['enrolment']> }
  | { kind: 'recovery'; codes: string[] };
// A type alias (not an interface), so it fits the call's field record.
type Credentials = { email: string; password: string };

/**
 * The sign-in panel, drawn as antd's bordered card from the theme's tokens: antd's Card brings its
 * tabs and their overflow menu, which the sign-in screen, the whole first load, does not need.
 * The text style is the one antd's App gives the signed-in shell (desk-shell.tsx).
 */
function Frame({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <main
      style={{
        display: 'grid',
        placeItems: 'center',
        minHeight: '100vh',
        background: '#f5f5f5',
        color: token.colorText,
        fontSize: token.fontSize,
        lineHeight: token.lineHeight,
        fontFamily: token.fontFamily,
      }}
    >
      <div
        style={{
          width: 420,
          padding: token.paddingLG,
          background: token.colorBgContainer,
          border: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
          borderRadius: token.borderRadiusLG,
        }}
      >
        <Typography.Title level={1} style={{ fontSize: 24 }}>
          Hiram back office
        </Typography.Title>
        {children}
      </div>
    </main>
  );
}

/** The code field of the second step: 6 digits from the authenticator, or a recovery code. */
function CodeForm({ busy, recovery, onCode }: { busy: boolean; recovery: boolean; onCode: (code: string) => void }) {
  return (
    <Form layout="vertical" onFinish={(values: { code: string }) => onCode(values.code)} requiredMark={false}>
      <Form.Item
        label={recovery ? 'Code from your authenticator app, or a recovery code' : 'Code from your authenticator app'}
        name="code"
        rules={[{ required: true, message: 'Enter the code' }]}
      >
        <Input
          autoComplete="one-time-code"
          inputMode={recovery ? 'text' : 'numeric'}
          autoFocus
          data-testid="staff-code"
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={busy} data-testid="staff-verify">
        Verify
      </Button>
    </Form>
  );
}

type NewPassword = { newPassword: string; repeat: string };

/**
 * The first step of an account whose password an admin typed (a new account, or a reset): the
 * owner chooses their own before the authenticator is enrolled, so only they hold both.
 */
function NewPasswordForm({ busy, onChosen }: { busy: boolean; onChosen: (password: string) => void }) {
  return (
    <Form layout="vertical" onFinish={(values: NewPassword) => onChosen(values.newPassword)} requiredMark={false}>
      <Typography.Paragraph>
        The password you signed in with was set by an admin. Choose your own now: at least {STAFF_PASSWORD_MIN}{' '}
        characters, not a common password. The one you were given stops working.
      </Typography.Paragraph>
      <Form.Item
        label="New password"
        name="newPassword"
        rules={[{ required: true, min: STAFF_PASSWORD_MIN, message: `Use at least ${STAFF_PASSWORD_MIN} characters` }]}
      >
        <Input.Password autoComplete="new-password" autoFocus data-testid="staff-new-password" />
      </Form.Item>
      <Form.Item
        label="New password again"
        name="repeat"
        dependencies={['newPassword']}
        rules={[
          { required: true, message: 'Type the new password again' },
          ({ getFieldValue }) => ({
            validator: (_rule, value) =>
              value === getFieldValue('newPassword') ? Promise.resolve() : Promise.reject(new Error('The two differ')),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" data-testid="staff-new-password-again" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={busy} data-testid="staff-set-password">
        Set my password
      </Button>
    </Form>
  );
}

/**
 * Staff sign-in: e-mail and password, then the second factor every role needs. A password an
 * admin set is replaced first (`NewPasswordForm`). The first time, the authenticator is enrolled from a QR code (or its secret typed in) and ten recovery codes
 * are shown once; afterwards the app's 6-digit code, or a recovery code for a lost phone.
 */
export function SignIn({ onSignedIn }: { onSignedIn: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [stage, setStage] = useState<Stage>({ kind: 'password' });
  const [credentials, setCredentials] = useState<Credentials | null>(null);

  const submit = async (values: Credentials, code?: string, newPassword?: string) => {
    setBusy(true);
    setError(null);
    try {
      const reply = await call(staffLogin, {
        ...values,
        ...(code ? { code } : {}),
        ...(newPassword ? { newPassword } : {}),
      });
      // From here on the password is the one the owner just chose; the given one no longer works.
      setCredentials(newPassword ? { ...values, password: newPassword } : values);
      if (reply.stage === 'change-password') setStage({ kind: 'change-password' });
      else if (reply.stage === 'enrol' && reply.enrolment) setStage({ kind: 'enrol', enrolment: reply.enrolment });
      else if (reply.stage === 'code') setStage({ kind: 'code' });
      else if (reply.token) {
        staffToken.set(reply.token);
        if (reply.recoveryCodes?.length) setStage({ kind: 'recovery', codes: reply.recoveryCodes });
        else onSignedIn();
      }
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const alert = error ? (
    <Alert type="error" title={error} style={{ marginBottom: 16 }} data-testid="sign-in-error" />
  ) : null;

  if (stage.kind === 'recovery') {
    return (
      <Frame>
        <Typography.Paragraph>
          Your authenticator is set up. Keep these recovery codes somewhere safe, away from your phone: each signs you
          in once if the phone is lost. They are not shown again.
        </Typography.Paragraph>
        <ol data-testid="recovery-codes" style={{ fontFamily: 'monospace', fontSize: 16, columns: 2 }}>
          {stage.codes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ol>
        <Button type="primary" block onClick={onSignedIn} data-testid="recovery-continue">
          I have saved them: continue
        </Button>
      </Frame>
    );
  }
  if (stage.kind === 'change-password' && credentials) {
    return (
      <Frame>
        {alert}
        <NewPasswordForm busy={busy} onChosen={(chosen) => void submit(credentials, undefined, chosen)} />
      </Frame>
    );
  }
  if (stage.kind === 'enrol' && credentials) {
    const { enrolment } = stage;
    return (
      <Frame>
        {alert}
        <Typography.Paragraph>
          Every back-office account signs in with a second factor. Scan this code with an authenticator app (Google
          Authenticator, Microsoft Authenticator, 1Password…), then enter the 6 digits it shows.
        </Typography.Paragraph>
        <img
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qrSvg)}`}
          alt="QR code for your authenticator app"
          width={200}
          height={200}
          style={{ display: 'block', margin: '0 auto 12px' }}
        />
        <Typography.Paragraph>
          Cannot scan? Type this key into the app:{' '}
          <Typography.Text code data-testid="totp-secret">
            {enrolment.secret}
          </Typography.Text>
        </Typography.Paragraph>
        <CodeForm busy={busy} recovery={false} onCode={(code) => void submit(credentials, code)} />
      </Frame>
    );
  }
  if (stage.kind === 'code' && credentials) {
    return (
      <Frame>
        {alert}
        <CodeForm busy={busy} recovery onCode={(code) => void submit(credentials, code)} />
      </Frame>
    );
  }
  return (
    <Frame>
      {alert}
      <Form layout="vertical" onFinish={(values: Credentials) => void submit(values)} requiredMark={false}>
        <Form.Item
          label="E-mail"
          name="email"
          rules={[{ required: true, type: 'email', message: 'Enter your e-mail address' }]}
        >
          <Input autoComplete="username" data-testid="staff-email" />
        </Form.Item>
        <Form.Item label="Password" name="password" rules={[{ required: true, message: 'Enter your password' }]}>
          <Input.Password autoComplete="current-password" data-testid="staff-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy} data-testid="staff-sign-in">
          Sign in
        </Button>
      </Form>
    </Frame>
  );
}
