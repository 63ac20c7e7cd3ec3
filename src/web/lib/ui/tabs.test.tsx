import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Tabs } from './tabs';

function Harness() {
  const [active, setActive] = useState('a');
  return (
    <Tabs
      items={[
        { key: 'a', title: 'Processing' },
        { key: 'b', title: 'Replied' },
        { key: 'c', title: 'Closed' },
      ]}
      active={active}
      onChange={setActive}
    >
      <p>panel {active}</p>
    </Tabs>
  );
}

describe('lib/ui/tabs', () => {
  it('One tab in the Tab order; arrows, Home and End move and select; the panel follows', () => {
    render(<Harness />);
    const tab = (name: string) => screen.getByRole('tab', { name });
    expect(tab('Processing').getAttribute('aria-selected')).toBe('true');
    expect([tab('Processing').tabIndex, tab('Replied').tabIndex]).toEqual([0, -1]);
    expect(screen.getByRole('tabpanel').textContent).toBe('panel a');

    fireEvent.keyDown(tab('Processing'), { key: 'ArrowRight' });
    expect(tab('Replied').getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(tab('Replied'));
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(tab('Replied').id);

    fireEvent.keyDown(tab('Replied'), { key: 'End' });
    expect(tab('Closed').getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(tab('Closed'), { key: 'ArrowRight' });
    expect(tab('Processing').getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(tab('Processing'), { key: 'ArrowLeft' });
    expect(tab('Closed').getAttribute('aria-selected')).toBe('true');

    fireEvent.click(tab('Replied'));
    expect(screen.getByRole('tabpanel').textContent).toBe('panel b');
  });
});
