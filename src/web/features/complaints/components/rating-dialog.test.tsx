import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RatingDialog } from './rating-dialog';

const checked = () => (screen.getAllByRole('radio') as HTMLInputElement[]).map((s) => s.checked);

describe('rating dialog (spec 000 §4, architecture.md: Languages and departures)', () => {
  it('spec 000 §4: Cancel closes and resets the stars', async () => {
    const onClose = vi.fn();
    const onSend = vi.fn(async () => true);
    const view = render(<RatingDialog visible onSend={onSend} onClose={onClose} />);
    // The dialog's code loads when it is first shown (lib/ui/on-demand.tsx).
    fireEvent.click(await screen.findByRole('radio', { name: '3 of 5 stars' }));
    expect(checked()).toEqual([false, false, true, false, false]);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    view.rerender(<RatingDialog visible={false} onSend={onSend} onClose={onClose} />);
    view.rerender(<RatingDialog visible onSend={onSend} onClose={onClose} />);
    await waitFor(() => expect(checked()).toEqual([false, false, false, false, false]));
    expect(onSend).not.toHaveBeenCalled();
  });

  it('Send without stars asks for them; with stars it sends the number chosen, not a fixed 5', async () => {
    const onClose = vi.fn();
    const onSend = vi.fn(async () => true);
    render(<RatingDialog visible onSend={onSend} onClose={onClose} />);
    const sendButton = await screen.findByRole('button', { name: 'Send' });
    await act(async () => fireEvent.click(sendButton));
    expect((await screen.findAllByText('Please choose 1 to 5 stars')).length).toBeGreaterThan(0);
    expect(onSend).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('radio', { name: '2 of 5 stars' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send' })));
    expect(onSend).toHaveBeenCalledWith(2);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('a refused rating keeps the dialog open', async () => {
    const onClose = vi.fn();
    render(<RatingDialog visible onSend={async () => false} onClose={onClose} />);
    fireEvent.click(await screen.findByRole('radio', { name: '5 of 5 stars' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send' })));
    expect(onClose).not.toHaveBeenCalled();
  });
});
