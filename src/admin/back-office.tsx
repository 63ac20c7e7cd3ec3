import { Button, Layout, Menu, Result, Spin, Typography } from 'antd';
import { type ReactNode, Suspense, useEffect, useState } from 'react';
import type { StaffRole } from '../shared/api/define-call';
import { staffLogout, staffMe } from '../shared/contracts/back-office';
import { call, staffToken, useCall } from './api';
import { SECTIONS, type SectionKey } from './sections';
import { SignIn } from './sign-in';

function sectionFromHash(): SectionKey | null {
  const key = window.location.hash.slice(1);
  return key in SECTIONS ? (key as SectionKey) : null;
}

/** Issue 9: the signed-in staff member's desks, one menu entry per section their roles open. */
export function BackOffice() {
  const [signedIn, setSignedIn] = useState(() => staffToken.get() !== null);
  useEffect(() => {
    const out = () => setSignedIn(false);
    window.addEventListener('hiram-staff-signed-out', out);
    return () => window.removeEventListener('hiram-staff-signed-out', out);
  }, []);
  if (!signedIn) return <SignIn onSignedIn={() => setSignedIn(true)} />;
  return <Desk onSignedOut={() => setSignedIn(false)} />;
}

function Desk({ onSignedOut }: { onSignedOut: () => void }) {
  const me = useCall(staffMe, {});
  const [section, setSection] = useState<SectionKey | null>(sectionFromHash);
  useEffect(() => {
    const onHash = () => setSection(sectionFromHash());
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);
  if (me.isPending) return <Spin fullscreen />;
  if (!me.data) return <Result status="error" title="The back office could not load" subTitle={me.error?.message} />;
  const roles = new Set<StaffRole>(me.data.roles);
  const open = (Object.keys(SECTIONS) as SectionKey[]).filter((key) => roles.has(SECTIONS[key].role));
  const current = section && open.includes(section) ? section : open[0];
  const signOut = async () => {
    await call(staffLogout, {}).catch(() => undefined);
    staffToken.clear();
    onSignedOut();
  };
  let body: ReactNode = <Result status="403" title="Your account has no desk yet" subTitle="Ask an admin to give you a role." />;
  if (current) {
    const Section = SECTIONS[current].component;
    body = (
      <Suspense fallback={<Spin />}>
        <Section />
      </Suspense>
    );
  }
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider width={220} theme="light" breakpoint="lg" collapsedWidth={0}>
        <Typography.Title level={4} style={{ padding: '16px 24px', margin: 0 }}>
          Hiram back office
        </Typography.Title>
        <nav aria-label="Desks">
          <Menu
            mode="inline"
            selectedKeys={current ? [current] : []}
            items={open.map((key) => ({ key, label: <a href={`#${key}`}>{SECTIONS[key].title}</a> }))}
          />
        </nav>
      </Layout.Sider>
      <Layout>
        <Layout.Header style={{ background: '#fff', display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: 16 }}>
          <span data-testid="staff-who">
            {me.data.name} · {me.data.roles.join(', ')}
          </span>
          <Button onClick={() => void signOut()}>Sign out</Button>
        </Layout.Header>
        <Layout.Content style={{ padding: 24 }}>
          <main>
            {current ? <Typography.Title level={2}>{SECTIONS[current].title}</Typography.Title> : null}
            {body}
          </main>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
