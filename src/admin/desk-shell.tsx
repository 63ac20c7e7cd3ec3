import { useQuery } from '@tanstack/react-query';
import { App as AntApp, Button, Layout, Menu, Result, Spin, Typography } from 'antd';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import type { StaffRole } from '../shared/api/define-call';
import { staffLogout } from '../shared/contracts/back-office';
import { call, signedInStaffQuery, staffToken } from './api';
import { BorrowerSearchBox } from './borrower/search-box';
import { type DeskPage, deskHref, deskPageOf } from './desk-paths';
import { SECTIONS, type SectionKey } from './sections';

// The borrower's page and the search results load when opened, as each desk does (sections/index.ts).
const BorrowerPage = lazy(() => import('./borrower/borrower-page').then((m) => ({ default: m.BorrowerPage })));
const FindPage = lazy(() => import('./borrower/find-page').then((m) => ({ default: m.FindPage })));

const isSection = (key: string): key is SectionKey => key in SECTIONS;

function useDeskPage(): DeskPage | null {
  const [page, setPage] = useState(() => deskPageOf(window.location.hash));
  useEffect(() => {
    const onHash = () => setPage(deskPageOf(window.location.hash));
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);
  return page;
}

/**
 * The signed-in shell: the desks menu, the borrower search, who is signed in, and the open desk,
 * inside antd's App, whose messages and dialogs the desks use (App.useApp).
 */
export function Desk({ onSignedOut }: { onSignedOut: () => void }) {
  return (
    <AntApp>
      <Shell onSignedOut={onSignedOut} />
    </AntApp>
  );
}

function Shell({ onSignedOut }: { onSignedOut: () => void }) {
  const me = useQuery(signedInStaffQuery());
  const page = useDeskPage();
  const roles = new Set<StaffRole>(me.data?.roles ?? []);
  const open = (Object.keys(SECTIONS) as SectionKey[]).filter((key) =>
    SECTIONS[key].roles.some((role) => roles.has(role)),
  );
  const asked = page?.kind === 'section' && isSection(page.key) ? page.key : null;
  const current = asked && open.includes(asked) ? asked : open[0];
  // A page the roles do not open (an old anchor after another staff member signed in) becomes the first one they do.
  const landed =
    me.data !== undefined &&
    page?.kind !== 'find' &&
    page?.kind !== 'borrower' &&
    current !== undefined &&
    asked !== current;
  useEffect(() => {
    if (landed && current) window.history.replaceState(null, '', deskHref.section(current));
  }, [landed, current]);
  if (me.isPending) return <Spin fullscreen />;
  if (!me.data) return <Result status="error" title="The back office could not load" subTitle={me.error?.message} />;
  const signOut = async () => {
    await call(staffLogout, {}).catch(() => undefined);
    staffToken.clear();
    onSignedOut();
  };
  let title: string | null = null;
  let body: ReactNode = (
    <Result status="403" title="Your account has no desk yet" subTitle="Ask an admin to give you a role." />
  );
  if (page?.kind === 'find') body = <FindPage q={page.q} />;
  else if (page?.kind === 'borrower') body = <BorrowerPage borrowerId={page.borrowerId} />;
  else if (current) {
    const Section = SECTIONS[current].component;
    title = SECTIONS[current].title;
    body = <Section />;
  }
  const selected = page?.kind === 'section' || !page ? current : undefined;
  return (
    <Layout style={{ minHeight: '100vh' }}>
      {/* Held in view while a long desk scrolls, so the desks stay a click away and the white runs the full height. */}
      <Layout.Sider
        width={220}
        theme="light"
        breakpoint="lg"
        collapsedWidth={0}
        style={{ position: 'sticky', top: 0, height: '100vh', overflowY: 'auto' }}
      >
        <Typography.Title level={4} style={{ padding: '16px 24px', margin: 0 }}>
          Hiram back office
        </Typography.Title>
        <nav aria-label="Desks">
          <Menu
            mode="inline"
            selectedKeys={selected ? [selected] : []}
            items={open.map((key) => ({ key, label: <a href={deskHref.section(key)}>{SECTIONS[key].title}</a> }))}
          />
        </nav>
      </Layout.Sider>
      <Layout style={{ minWidth: 0 }}>
        <Layout.Header
          style={{
            background: '#fff',
            display: 'flex',
            justifyContent: 'space-between',
            alignItems: 'center',
            gap: 16,
            paddingInline: 24,
          }}
        >
          <BorrowerSearchBox />
          <span style={{ display: 'flex', alignItems: 'center', gap: 16 }}>
            <span data-testid="staff-who">
              {me.data.name} · {me.data.roles.join(', ')}
            </span>
            <Button onClick={() => void signOut()}>Sign out</Button>
          </span>
        </Layout.Header>
        {/* antd's Layout.Content is the page's <main> landmark itself. */}
        <Layout.Content style={{ padding: 24, minWidth: 0 }}>
          {title ? (
            <Typography.Title level={2} style={{ marginTop: 0 }}>
              {title}
            </Typography.Title>
          ) : null}
          <Suspense fallback={<Spin description="Opening the desk…" />}>{body}</Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
