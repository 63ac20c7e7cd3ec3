import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Link, MemoryRouter, useLocation, useNavigate, useSearchParams } from './router';

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

function renderAt(link: React.ReactNode) {
  return render(
    <MemoryRouter initialEntries={['/home']}>
      {link}
      <Where />
    </MemoryRouter>,
  );
}

describe('lib/router: <Link>', () => {
  it('links to the page and moves there without a reload', () => {
    renderAt(<Link to="/complaintList?tab=1">My complaints</Link>);
    const link = screen.getByRole('link', { name: 'My complaints' });
    expect(link.getAttribute('href')).toBe('/complaintList?tab=1');
    fireEvent.click(link);
    expect(screen.getByTestId('where').textContent).toBe('/complaintList?tab=1');
  });

  it('leaves a click with a modifier key, or one the page prevented, to the browser', () => {
    let prevented = false;
    renderAt(
      <Link
        to="/aboutUs"
        onClick={(event) => {
          prevented = event.defaultPrevented;
        }}
      >
        About
      </Link>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'About' }), { ctrlKey: true });
    expect(screen.getByTestId('where').textContent).toBe('/home');
    expect(prevented).toBe(false);
  });

  it("calls the page's own onClick first, and respects its preventDefault", () => {
    renderAt(
      <Link to="/aboutUs" onClick={(event) => event.preventDefault()}>
        About
      </Link>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'About' }));
    expect(screen.getByTestId('where').textContent).toBe('/home');
  });

  it('an address outside the app is a plain link', () => {
    renderAt(<Link to="https://play.google.com/store/apps/details?id=ph.hiram">Google Play</Link>);
    const link = screen.getByRole('link', { name: 'Google Play' });
    expect(link.getAttribute('href')).toBe('https://play.google.com/store/apps/details?id=ph.hiram');
  });

  it('passes other attributes through', () => {
    renderAt(
      <Link to="/home" data-testid="home-link" className="x" replace>
        Home
      </Link>,
    );
    expect(screen.getByTestId('home-link').className).toBe('x');
  });
});

function Navigator() {
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  return (
    <>
      <output data-testid="full">{`${location.pathname}${location.search}${location.hash} ${location.key}`}</output>
      <output data-testid="tab">{params.get('tab') ?? ''}</output>
      <button type="button" onClick={() => navigate('/records?orderId=7')}>
        push
      </button>
      <button type="button" onClick={() => navigate({ hash: '#/downloadTemplate?id=1' })}>
        hash
      </button>
      <button type="button" onClick={() => setParams({ tab: '2' }, { replace: true })}>
        tab
      </button>
      <button type="button" onClick={() => navigate(-1)}>
        back
      </button>
    </>
  );
}

describe('lib/router: location, navigation and the query', () => {
  const full = () => screen.getByTestId('full').textContent ?? '';
  const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

  it("the first page's key is 'default'; each navigation has a new key, and back returns to it", () => {
    render(
      <MemoryRouter initialEntries={['/home?x=1']}>
        <Navigator />
      </MemoryRouter>,
    );
    expect(full()).toBe('/home?x=1 default');
    click('push');
    expect(full()).toMatch(/^\/records\?orderId=7 (?!default)\w+$/);
    click('back');
    expect(full()).toBe('/home?x=1 default');
  });

  it('moves to parts of an address (the hash on the same path and query), and sets the query in place', () => {
    render(
      <MemoryRouter initialEntries={['/promotion?id=1']}>
        <Navigator />
      </MemoryRouter>,
    );
    click('hash');
    expect(full()).toMatch(/^\/promotion#\/downloadTemplate\?id=1 /);
    click('tab');
    expect(full()).toMatch(/^\/promotion\?tab=2 /);
    expect(screen.getByTestId('tab').textContent).toBe('2');
    // The query was replaced, not added: back leaves the hash route behind.
    click('back');
    expect(full()).toBe('/promotion?id=1 default');
  });

  it('a link to an object address', () => {
    renderAt(<Link to={{ pathname: '/promotion', search: '?id=1', hash: '#/agreementTemplate' }}>Agreement</Link>);
    const link = screen.getByRole('link', { name: 'Agreement' });
    expect(link.getAttribute('href')).toBe('/promotion?id=1#/agreementTemplate');
    fireEvent.click(link);
    expect(screen.getByTestId('where').textContent).toBe('/promotion?id=1');
  });
});
