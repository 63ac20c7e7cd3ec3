import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Link } from './router-link';

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

describe("lib/router-link: the web build's <Link>", () => {
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
